import { Injectable } from '@nestjs/common';
import { HttpException } from '@nestjs/common';
import { unlink } from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ImageUploadService, MAX_IMAGE_BYTES, unprocessable } from '@kickback/platform';
import { imageTooLarge } from '@kickback/contracts';
import { TicketsRepository } from './tickets.repository';

/** A file as the HTTP layer received it (multer memory storage). */
export interface IncomingImage {
  originalname: string;
  buffer: Buffer;
  size: number;
}

export interface StoredTicketImage {
  storedName: string;
  originalName: string;
  bytes: number;
  path: string;
}

/** Every problem with the batch at once, so the form can list them all. */
function imagesError(problems: string[]): HttpException {
  const message = problems.length === 1 ? problems[0] : `Image upload errors: ${problems.join(', ')}`;
  return unprocessable(message, { images: problems });
}

const messageOf = (e: unknown): string | null => {
  if (!(e instanceof HttpException)) return null;
  const body = e.getResponse() as { message?: string };
  return typeof body.message === 'string' ? body.message : null;
};

/**
 * Private ticket attachments: checked by content and re-encoded by ImageUploadService,
 * written before the ticket's transaction and removed again if anything fails.
 */
@Injectable()
export class TicketImagesService {
  constructor(
    private readonly uploads: ImageUploadService,
    private readonly tickets: TicketsRepository,
  ) {}

  async storeAll(userId: number, files: IncomingImage[], max: number, tooMany: string): Promise<StoredTicketImage[]> {
    if (files.length > max) throw imagesError([tooMany]);
    const problems = files.filter((f) => f.size > MAX_IMAGE_BYTES).map((f) => imageTooLarge(f.originalname));
    if (problems.length) throw imagesError(problems);
    const stored: StoredTicketImage[] = [];
    for (const file of files) {
      try {
        const image = await this.uploads.store(file.buffer, file.originalname, 'private', `user:${userId}`);
        stored.push({ storedName: image.url, originalName: file.originalname.slice(0, 255), bytes: image.bytes, path: image.path });
      } catch (e) {
        const message = messageOf(e);
        // Not about this file (the member's previous upload is still being decoded): answered as it is.
        if (!message || (e instanceof HttpException && e.getStatus() === 429)) {
          await this.discard(stored);
          throw e;
        }
        problems.push(message);
      }
    }
    if (problems.length) {
      await this.discard(stored);
      throw imagesError(problems);
    }
    return stored;
  }

  async discard(images: StoredTicketImage[]): Promise<void> {
    await Promise.all(images.map((i) => unlink(i.path).catch(() => undefined)));
  }

  async attach(tx: EntityManager, ticketId: number, replyId: number | null, images: StoredTicketImage[]): Promise<void> {
    for (const i of images)
      await this.tickets.insertImage(tx, { ticketId, replyId, storedName: i.storedName, originalName: i.originalName, bytes: i.bytes });
  }

  /** The file path of an image the viewer may see: the ticket's owner, staff or an admin. Otherwise null. */
  async pathFor(em: EntityManager, imageId: number, viewerId: number): Promise<string | null> {
    const storedName = await this.tickets.visibleImage(em, imageId, viewerId);
    return storedName ? this.uploads.privatePath(storedName) : null;
  }
}

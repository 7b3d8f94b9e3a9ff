import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CONTACT_MESSAGES, type ContactMessageInput } from '@kickback/contracts';
import { AppConfig, OutboxService, unprocessable } from '@kickback/platform';
import { CaptchaService } from './captcha.service';
import { ContactRepository } from './contact.repository';

export interface ContactSender {
  userId: number | null;
  ip: string;
}

/** Stores contact form messages once their captcha is solved and tells the team. */
@Injectable()
export class ContactService {
  constructor(
    private readonly em: EntityManager,
    private readonly captcha: CaptchaService,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
    private readonly repository: ContactRepository,
  ) {}

  async submit(sender: ContactSender, input: ContactMessageInput): Promise<{ id: number }> {
    if (!(await this.captcha.consume(input.captcha_token, input.captcha_answer)))
      throw unprocessable(CONTACT_MESSAGES.captchaWrong, { captcha_answer: [CONTACT_MESSAGES.captchaWrong] });
    return this.em.fork().transactional(async (tx) => {
      const id = await this.repository.insert(tx, input, sender.userId, this.ipHash(sender.ip));
      await this.outbox.add(tx, 'contact.message-received', { messageId: id });
      return { id };
    });
  }

  /** Keyed with the session secret, so the stored value cannot be reversed by trying every address. */
  private ipHash(ip: string): string {
    return createHmac('sha256', this.config.env.SESSION_SECRET).update(ip).digest('hex');
  }
}

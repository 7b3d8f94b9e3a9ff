import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CONTACT_MESSAGES, type ContactMessageInput } from '@kickback/contracts';
import { AppConfig, OutboxService, unprocessable } from '@kickback/platform';
import { CaptchaService } from './captcha.service';

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
  ) {}

  async submit(sender: ContactSender, input: ContactMessageInput): Promise<{ id: number }> {
    if (!(await this.captcha.consume(input.captcha_token, input.captcha_answer)))
      throw unprocessable(CONTACT_MESSAGES.captchaWrong, { captcha_answer: [CONTACT_MESSAGES.captchaWrong] });
    return this.em.fork().transactional(async (tx) => {
      const [{ id }] = await tx.execute<{ id: number }[]>(
        `insert into contact_messages (name, email, subject, message, user_id, ip_hash) values (?, ?, ?, ?, ?, ?) returning id`,
        [input.name, input.email, input.subject, input.message, sender.userId, this.ipHash(sender.ip)],
      );
      await this.outbox.add(tx, 'contact.message-received', { messageId: id });
      return { id };
    });
  }

  /** Keyed with the session secret, so the stored value cannot be reversed by trying every address. */
  private ipHash(ip: string): string {
    return createHmac('sha256', this.config.env.SESSION_SECRET).update(ip).digest('hex');
  }
}

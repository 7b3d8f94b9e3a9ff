import { Module } from '@nestjs/common';
import { ContactRepository } from './contact.repository';
import { CaptchaService } from './captcha.service';
import { ContactService } from './contact.service';
import { AdminContactService } from './admin-contact.service';
import { ContactEventsHandler } from './contact-events.handler';

@Module({
  providers: [ContactRepository, CaptchaService, ContactService, AdminContactService, ContactEventsHandler],
  exports: [CaptchaService, ContactService, AdminContactService],
})
export class ContactModule {}

import { Module } from '@nestjs/common';
import { CaptchaService } from './captcha.service';
import { ContactService } from './contact.service';
import { ContactAdminService } from './contact-admin.service';
import { ContactEventsHandler } from './contact-events.handler';

@Module({
  providers: [CaptchaService, ContactService, ContactAdminService, ContactEventsHandler],
  exports: [CaptchaService, ContactService, ContactAdminService],
})
export class ContactModule {}

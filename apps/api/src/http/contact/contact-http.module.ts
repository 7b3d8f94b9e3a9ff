import { Module } from '@nestjs/common';
import { ContactModule } from '@kickback/domain';
import { AdminContactMessagesController } from './admin-contact.controller';
import { ContactController } from './contact.controller';

/** The contact form with its captcha; the admin's inbox. */
@Module({
  imports: [ContactModule],
  controllers: [ContactController, AdminContactMessagesController],
})
export class ContactHttpModule {}

import { Module } from '@nestjs/common';
import { IdentityModule } from '@kickback/domain';
import { SessionController } from './session.controller';

/** The session bootstrap (current user and CSRF token) for clients without injected page data. */
@Module({
  imports: [IdentityModule],
  controllers: [SessionController],
})
export class SessionHttpModule {}

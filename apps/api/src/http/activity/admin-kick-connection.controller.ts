import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  kickChannelInputSchema,
  kickChatInputSchema,
  type KickChannelInput,
  type KickChatInput,
  type KickConnectionStatus,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { KickChannelService, KickConnectionService } from '@kickback/domain';

/** The Kick connection screen: the connected account, whether bot replies reach chat, and the channel (connect: /auth/kick/connect). */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/kick-connection')
export class AdminKickConnectionController {
  constructor(
    private readonly connection: KickConnectionService,
    private readonly channels: KickChannelService,
  ) {}

  @Get()
  async status() {
    return ok(await this.view());
  }

  @Put('channel')
  async saveChannel(@CurrentUser() user: SessionUser, @Body(zodPipe(kickChannelInputSchema)) body: KickChannelInput) {
    await this.channels.save(user.id, body);
    return ok(await this.view(), 'Channel saved.');
  }

  /** How chat replies are posted: as the connected account ('user', the default) or as the app's bot account. */
  @Put('chat')
  async saveChat(@CurrentUser() user: SessionUser, @Body(zodPipe(kickChatInputSchema)) body: KickChatInput) {
    await this.connection.setChatAs(user.id, body.as);
    return ok(await this.view(), 'Chat replies saved.');
  }

  @Delete()
  async disconnect(@CurrentUser() user: SessionUser) {
    await this.connection.disconnect(user.id);
    return ok(await this.view(), 'Kick account disconnected.');
  }

  private async view(): Promise<KickConnectionStatus> {
    const [account, channel] = await Promise.all([this.connection.status(), this.channels.view()]);
    return { ...account, channel };
  }
}

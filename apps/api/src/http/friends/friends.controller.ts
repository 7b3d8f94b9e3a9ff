import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  FRIEND_ERRORS,
  friendRequestSchema,
  friendSearchQuerySchema,
  type FriendActionAnswer,
  type FriendRequestInput,
  type FriendSearchQuery,
  type FriendsMenu,
} from '@kickback/contracts';
import { Authenticated, CurrentUser, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { FriendshipsService } from '@kickback/domain';

/** SPEC §7 friends calls and the navigation's friends menu; {id} is the friendship id. Members only. */
@ApiTags('friends')
@Controller('api/r/friends')
@Authenticated()
export class FriendsController {
  constructor(private readonly friends: FriendshipsService) {}

  @Get()
  async menu(@CurrentUser() user: SessionUser) {
    return ok<FriendsMenu>(await this.friends.menu(user.id));
  }

  /** A name search across all members: counted, unlike plain reads, so it cannot be used to list the member base. */
  @Get('search')
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  async search(@CurrentUser() user: SessionUser, @Query(zodPipe(friendSearchQuerySchema)) query: FriendSearchQuery) {
    return ok(await this.friends.search(user.id, query.query));
  }

  @Get('mutual/:userId')
  async mutual(@CurrentUser() user: SessionUser, @RowIdParam(FRIEND_ERRORS.userNotFound, 'userId') userId: number) {
    return ok(await this.friends.mutual(user.id, userId));
  }

  /** Requests notify another member: limited per member so nobody can flood the site with them. */
  @Post('request')
  @HttpCode(200)
  @Throttle({ default: { limit: 30, ttl: 600_000 } })
  async request(@CurrentUser() user: SessionUser, @Body(zodPipe(friendRequestSchema)) body: FriendRequestInput) {
    return this.friends.request(user.id, body.user_id);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  async accept(@CurrentUser() user: SessionUser, @RowIdParam(FRIEND_ERRORS.requestNotFound) id: number): Promise<FriendActionAnswer> {
    return { success: true, message: await this.friends.accept(user.id, id) };
  }

  @Post(':id/decline')
  @HttpCode(200)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  async decline(@CurrentUser() user: SessionUser, @RowIdParam(FRIEND_ERRORS.requestNotFound) id: number): Promise<FriendActionAnswer> {
    return { success: true, message: await this.friends.decline(user.id, id) };
  }

  @Delete(':id')
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  async remove(@CurrentUser() user: SessionUser, @RowIdParam(FRIEND_ERRORS.friendshipNotFound) id: number): Promise<FriendActionAnswer> {
    return { success: true, message: await this.friends.remove(user.id, id) };
  }
}

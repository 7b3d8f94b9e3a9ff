import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  KICK_REWARD_MESSAGES,
  activityExclusionSchema,
  createKickRewardSchema,
  type CreateKickReward,
  rewardMappingSchema,
  updateActivityRulesSchema,
  type ActivityExclusionInput,
  type RewardMappingInput,
  type UpdateActivityRules,
} from '@kickback/contracts';
import { CurrentUser, Roles, notFound, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { AdminActivityService, KickRewardsService, KickSubscriptionsService } from '@kickback/domain';

const kickUserId = (raw: string): number => {
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound('Exclusion not found.');
  return id;
};

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/activity')
export class AdminActivityController {
  constructor(
    private readonly admin: AdminActivityService,
    private readonly subscriptions: KickSubscriptionsService,
    private readonly kickRewards: KickRewardsService,
  ) {}

  @Get()
  async overview() {
    return ok(await this.admin.overview());
  }

  @Get('rules')
  async rules() {
    return ok(await this.admin.rules());
  }

  @Put('rules')
  async updateRules(@CurrentUser() user: SessionUser, @Body(zodPipe(updateActivityRulesSchema)) body: UpdateActivityRules) {
    return ok(await this.admin.updateRules(user.id, body), 'Earning rules saved.');
  }

  @Post('resubscribe')
  @HttpCode(200)
  async resubscribe() {
    return ok(await this.subscriptions.reconcile({ wait: true }), 'Kick subscriptions reconciled.');
  }

  @Get('exclusions')
  async exclusions() {
    return ok(await this.admin.exclusions());
  }

  @Post('exclusions')
  @HttpCode(200)
  async putExclusion(@CurrentUser() user: SessionUser, @Body(zodPipe(activityExclusionSchema)) body: ActivityExclusionInput) {
    return ok(await this.admin.putExclusion(user.id, body), 'Account excluded from earning.');
  }

  @Delete('exclusions/:kickUserId')
  async deleteExclusion(@CurrentUser() user: SessionUser, @Param('kickUserId') raw: string) {
    await this.admin.deleteExclusion(user.id, kickUserId(raw));
    return ok(undefined, 'Exclusion removed.');
  }

  /** The channel's rewards as Kick lists them, with the points mapped to each. */
  @Get('kick-rewards')
  async kickRewardsList() {
    return ok(await this.kickRewards.list());
  }

  @Post('kick-rewards')
  @HttpCode(201)
  async createKickReward(@CurrentUser() user: SessionUser, @Body(zodPipe(createKickRewardSchema)) body: CreateKickReward) {
    return ok(await this.kickRewards.create(user.id, body), KICK_REWARD_MESSAGES.created);
  }

  @Get('rewards')
  async rewards() {
    return ok(await this.admin.rewards());
  }

  @Post('rewards')
  @HttpCode(200)
  async putReward(@CurrentUser() user: SessionUser, @Body(zodPipe(rewardMappingSchema)) body: RewardMappingInput) {
    return ok(await this.admin.putReward(user.id, body), 'Reward mapping saved.');
  }

  @Delete('rewards/:rewardId')
  async deleteReward(@CurrentUser() user: SessionUser, @Param('rewardId') rewardId: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(rewardId)) throw notFound('Reward mapping not found.');
    await this.admin.deleteReward(user.id, rewardId);
    return ok(undefined, 'Reward mapping removed.');
  }
}

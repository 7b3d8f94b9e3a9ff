import type {
  ActivityExclusion,
  ActivityExclusionInput,
  ActivityOverview,
  ActivityRules,
  ActivitySubscription,
  CreateKickReward,
  KickChannelReward,
  KickRewardsView,
  RewardMapping,
  UpdateActivityRules,
} from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** Admin → Activity: the overview, the earning rules, exclusions, the channel's rewards from Kick and their points, and Reconcile now (subscriptions). */
export const adminActivityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActivityOverview: build.query<ActivityOverview, void>({
      query: () => '/api/admin/activity',
      providesTags: ['AdminActivity'],
    }),
    getActivityRules: build.query<ActivityRules, void>({
      query: () => '/api/admin/activity/rules',
      providesTags: ['AdminActivity'],
    }),
    updateActivityRules: build.mutation<ActivityRules, UpdateActivityRules>({
      query: (body) => ({ url: '/api/admin/activity/rules', method: 'PUT', body }),
      invalidatesTags: ['AdminActivity'],
    }),
    resubscribe: build.mutation<ActivitySubscription[], void>({
      query: () => ({ url: '/api/admin/activity/resubscribe', method: 'POST' }),
      invalidatesTags: ['AdminActivity'],
    }),
    getExclusions: build.query<ActivityExclusion[], void>({
      query: () => '/api/admin/activity/exclusions',
      providesTags: ['AdminActivity'],
    }),
    addExclusion: build.mutation<ActivityExclusion[], ActivityExclusionInput>({
      query: (body) => ({ url: '/api/admin/activity/exclusions', method: 'POST', body }),
      invalidatesTags: ['AdminActivity'],
    }),
    removeExclusion: build.mutation<null, number>({
      query: (kickUserId) => ({ url: `/api/admin/activity/exclusions/${kickUserId}`, method: 'DELETE' }),
      invalidatesTags: ['AdminActivity'],
    }),
    getRewardMappings: build.query<RewardMapping[], void>({
      query: () => '/api/admin/activity/rewards',
      providesTags: ['AdminActivity'],
    }),
    saveRewardMapping: build.mutation<RewardMapping[], RewardMapping>({
      query: (body) => ({ url: '/api/admin/activity/rewards', method: 'POST', body }),
      invalidatesTags: ['AdminActivity'],
    }),
    getKickRewards: build.query<KickRewardsView, void>({
      query: () => '/api/admin/activity/kick-rewards',
      providesTags: ['AdminActivity'],
    }),
    createKickReward: build.mutation<KickChannelReward, CreateKickReward>({
      query: (body) => ({ url: '/api/admin/activity/kick-rewards', method: 'POST', body }),
      invalidatesTags: ['AdminActivity'],
    }),
    removeRewardMapping: build.mutation<null, string>({
      query: (rewardId) => ({ url: `/api/admin/activity/rewards/${encodeURIComponent(rewardId)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminActivity'],
    }),
  }),
});

export const {
  useGetActivityOverviewQuery,
  useGetActivityRulesQuery,
  useUpdateActivityRulesMutation,
  useResubscribeMutation,
  useGetExclusionsQuery,
  useAddExclusionMutation,
  useRemoveExclusionMutation,
  useGetRewardMappingsQuery,
  useSaveRewardMappingMutation,
  useRemoveRewardMappingMutation,
  useGetKickRewardsQuery,
  useCreateKickRewardMutation,
} = adminActivityApi;

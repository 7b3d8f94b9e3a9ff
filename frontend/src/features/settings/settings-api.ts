import type { CurrentUser, MemberSettings, MemberSettingsUser, ProfileUpdateInput, ProfileUpdateResponse } from '@kickback/contracts';
import { baseApi, type EnvelopeMeta } from '../../lib/api';
import { sessionUserUpdated } from '../../lib/session-slice';

const toSettings = (user: MemberSettingsUser): MemberSettings => ({
  bio: user.bio,
  crypto: user.crypto,
  crypto2: user.crypto2,
  crypto3: user.crypto3,
  twitter_user: user.twitter_user,
  instagram_user: user.instagram_user,
  youtube_user: user.youtube_user,
  tiktok_user: user.tiktok_user,
  kick_username: user.kick_username,
  kick_connected: user.kick_connected,
});

const toSessionUser = (user: MemberSettingsUser): Partial<CurrentUser> => ({
  username: user.username,
  name: user.name,
  kick_username: user.kick_username,
  avatar_url: user.avatar_url,
});

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /** Both mutations answer with the whole user: patch the settings cache and the session user from it. */
    const applyAnswer = async ({
      dispatch,
      queryFulfilled,
    }: {
      dispatch: (action: unknown) => unknown;
      queryFulfilled: Promise<{ data: ProfileUpdateResponse }>;
    }) => {
      try {
        const { data } = await queryFulfilled;
        dispatch(settingsApi.util.upsertQueryData('getMemberSettings', undefined, toSettings(data.user)));
        // Raffles and the nav read the session user; a new or removed Kick username must reach them without a reload.
        dispatch(sessionUserUpdated(toSessionUser(data.user)));
      } catch {
        // The page shows the failure; nothing to patch.
      }
    };
    /** These answers carry the updated user beside the message (SPEC §7: success, message, user). */
    const profileAnswer = (_data: unknown, meta: EnvelopeMeta | undefined): ProfileUpdateResponse =>
      ({ success: true, message: meta?.message ?? '', user: meta?.extra.user }) as ProfileUpdateResponse;
    return {
      getMemberSettings: build.query<MemberSettings, void>({
        query: () => '/api/r/profile/settings',
        providesTags: ['UserSettings'],
      }),
      updateProfile: build.mutation<ProfileUpdateResponse, ProfileUpdateInput>({
        query: (body) => ({ url: '/api/r/profile/update', method: 'POST', body }),
        transformResponse: profileAnswer,
        onQueryStarted: (_arg, api) => applyAnswer(api),
        // The public profile shows the bio and social handles.
        invalidatesTags: ['Profile'],
      }),
      disconnectKick: build.mutation<ProfileUpdateResponse, void>({
        query: () => ({ url: '/api/r/profile/disconnect-kick', method: 'POST', body: {} }),
        transformResponse: profileAnswer,
        onQueryStarted: (_arg, api) => applyAnswer(api),
        invalidatesTags: ['Profile'],
      }),
    };
  },
});

export const { useGetMemberSettingsQuery, useUpdateProfileMutation, useDisconnectKickMutation } = settingsApi;

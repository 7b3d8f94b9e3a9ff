import type {
  AnnouncementDelivery,
  AnnouncementHook,
  AnnouncementHookCreate,
  AnnouncementHookUpdate,
  AnnouncementSigningSecret,
} from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';
import { crudEndpoints } from '../kit/crud-endpoints';

/** The Announcements section's hooks: Discord channels and signed webhooks. The list names a deleted hook itself. */
export const announcementHooksAdmin = crudEndpoints<AnnouncementHook, AnnouncementHookCreate | AnnouncementHookUpdate>({
  name: 'adminAnnouncementHooks',
  url: '/api/admin/announcements',
  tag: 'AdminAnnouncements',
  removeToast: 'own',
});

/** Each hook's "Send test", its signing secret and its delivery log. */
export const adminAnnouncementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendAnnouncementTest: build.mutation<AnnouncementDelivery, number>({
      query: (id) => ({ url: `/api/admin/announcements/${id}/test`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'AdminAnnouncementDeliveries', id }],
    }),
    /** Audited on the server: the audit log gains a row. */
    revealAnnouncementSecret: build.mutation<AnnouncementSigningSecret, number>({
      query: (id) => ({ url: `/api/admin/announcements/${id}/signing-secret`, method: 'POST' }),
    }),
    getAnnouncementDeliveries: build.query<AnnouncementDelivery[], number>({
      query: (id) => `/api/admin/announcements/${id}/deliveries`,
      providesTags: (_result, _error, id) => [{ type: 'AdminAnnouncementDeliveries', id }],
      // The worker pushes each attempt to the admin room (joined at connect): the row is replaced, or added on top.
      onCacheEntryAdded: (hookId, lifecycle) =>
        followLive(lifecycle, (live) =>
          live.on('announcement:delivery', (push) => {
            if (push.hook_id !== hookId) return;
            lifecycle.updateCachedData((draft) => {
              const at = draft.findIndex((d) => d.id === push.delivery.id);
              if (at >= 0) draft[at] = push.delivery;
              else draft.unshift(push.delivery);
            });
          }),
        ),
    }),
  }),
});

export const { useSendAnnouncementTestMutation, useRevealAnnouncementSecretMutation, useGetAnnouncementDeliveriesQuery } =
  adminAnnouncementsApi;

import type {
  AnnouncementDelivery,
  AnnouncementHook,
  AnnouncementHookCreate,
  AnnouncementHookUpdate,
  AnnouncementSigningSecret,
} from '@kickback/contracts';
import { baseApi } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/** The Announcements section: Discord and signed webhooks, each with its delivery log and "Send test". */
export const adminAnnouncementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncementHooks: build.query<AnnouncementHook[], void>({
      query: () => '/api/admin/announcements',
      providesTags: ['AdminAnnouncements'],
    }),
    createAnnouncementHook: build.mutation<AnnouncementHook, AnnouncementHookCreate>({
      query: (body) => ({ url: '/api/admin/announcements', method: 'POST', body }),
      invalidatesTags: ['AdminAnnouncements'],
    }),
    updateAnnouncementHook: build.mutation<AnnouncementHook, { id: number; input: AnnouncementHookUpdate }>({
      query: ({ id, input }) => ({ url: `/api/admin/announcements/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['AdminAnnouncements'],
    }),
    deleteAnnouncementHook: build.mutation<null, number>({
      query: (id) => ({ url: `/api/admin/announcements/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminAnnouncements'],
    }),
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

export const {
  useGetAnnouncementHooksQuery,
  useCreateAnnouncementHookMutation,
  useUpdateAnnouncementHookMutation,
  useDeleteAnnouncementHookMutation,
  useSendAnnouncementTestMutation,
  useRevealAnnouncementSecretMutation,
  useGetAnnouncementDeliveriesQuery,
} = adminAnnouncementsApi;

import {
  CONTACT_NOTIFICATION_PREFIX,
  type AdminContactMessage,
  type AdminContactMessageList,
  type AdminContactMessagesQuery,
  type ContactStatus,
} from '@kickback/contracts';
import { baseApi, pagedList } from '../../lib/api';
import { onServerEvent } from '../../lib/socket';

/** The contact inbox: messages from the public contact form, paged and filtered by status. */
export const contactMessagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getContactMessages: build.query<AdminContactMessageList, AdminContactMessagesQuery>({
      query: ({ status, page }) => `/api/admin/contact-messages?status=${status}&page=${page}`,
      transformResponse: (data: AdminContactMessage[], meta) => ({ ...pagedList(data, meta), new_total: meta?.extra.new_total as number }),
      providesTags: ['AdminContactMessages'],
      // Admins sit in the admin room: a new message's notice means the list is out of date.
      async onCacheEntryAdded(_query, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const off = onServerEvent('user:notification', (push) => {
          if (push.message.startsWith(CONTACT_NOTIFICATION_PREFIX))
            dispatch(contactMessagesApi.util.invalidateTags(['AdminContactMessages']));
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    setContactMessageStatus: build.mutation<AdminContactMessage, { id: number; changes: { status: ContactStatus } }>({
      query: ({ id, changes }) => ({ url: `/api/admin/contact-messages/${id}/status`, method: 'POST', body: changes }),
      invalidatesTags: ['AdminContactMessages'],
    }),
  }),
});

export const { useGetContactMessagesQuery, useSetContactMessageStatusMutation } = contactMessagesApi;

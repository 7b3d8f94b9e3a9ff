import {
  TICKET_REPLY_NOTIFICATION_PREFIX,
  type ApiSuccess,
  type Ticket,
  type TicketCategory,
  type TicketPriority,
  type TicketWithReplies,
} from '@kickback/contracts';
import { baseApi, withMessage } from '../../lib/api';
import { onServerEvent } from '../../lib/socket';

export interface CreateTicketArgs {
  title: string;
  description: string;
  category_id: string;
  priority: TicketPriority;
  images: File[];
}

export interface ReplyArgs {
  id: number;
  message: string;
  images: File[];
}

/** Multipart bodies: no content-type here, the browser adds the boundary itself. */
function multipart(fields: Record<string, string>, images: File[]): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const image of images) body.append('images[]', image, image.name);
  return body;
}

export const ticketsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTickets: build.query<Ticket[], void>({
      query: () => '/api/r/tickets',
      providesTags: [{ type: 'Tickets', id: 'LIST' }],
    }),
    getTicket: build.query<TicketWithReplies, number>({
      query: (id) => `/api/r/tickets/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Tickets', id }],
      // The member's own room hears when support answers; an open ticket then reloads with the reply.
      async onCacheEntryAdded(id, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const off = onServerEvent('user:notification', (push) => {
          if (push.message === `${TICKET_REPLY_NOTIFICATION_PREFIX}${id}`)
            dispatch(
              ticketsApi.util.invalidateTags([
                { type: 'Tickets', id },
                { type: 'Tickets', id: 'LIST' },
              ]),
            );
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    getTicketCategories: build.query<TicketCategory[], void>({
      query: () => '/api/r/tickets/categories',
      providesTags: ['TicketCategories'],
    }),
    createTicket: build.mutation<{ id: number; message?: string }, CreateTicketArgs>({
      query: ({ images, ...fields }) => ({ url: '/api/r/tickets', method: 'POST', body: multipart(fields, images) }),
      transformResponse: (data: { id: number } | undefined, meta) => ({ id: data?.id ?? 0, message: meta?.message }),
      invalidatesTags: [{ type: 'Tickets', id: 'LIST' }],
    }),
    replyToTicket: build.mutation<ApiSuccess<unknown>, ReplyArgs>({
      query: ({ id, message, images }) => ({ url: `/api/r/tickets/${id}/reply`, method: 'POST', body: multipart({ message }, images) }),
      transformResponse: (data: unknown, meta) => withMessage(data, meta),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Tickets', id },
        { type: 'Tickets', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetTicketsQuery, useGetTicketQuery, useGetTicketCategoriesQuery, useCreateTicketMutation, useReplyToTicketMutation } =
  ticketsApi;

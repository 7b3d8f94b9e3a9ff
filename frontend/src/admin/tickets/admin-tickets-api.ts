import type {
  AdminTicket,
  AdminTicketList,
  AdminTicketUpdate,
  AdminTicketWithReplies,
  AdminTicketsQuery,
  ApiSuccess,
  TicketCategory,
} from '@kickback/contracts';
import { baseApi, pagedList, withMessage } from '../../lib/api';

/** The support queue for staff and admins. */
export const ticketsAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminTickets: build.query<AdminTicketList, AdminTicketsQuery>({
      query: (q) => ({ url: '/api/admin/tickets', params: q }),
      transformResponse: (data: AdminTicket[], meta) => pagedList(data, meta),
      providesTags: [{ type: 'Tickets', id: 'ADMIN' }],
    }),
    /** The active categories, for the queue's filter (staff may not open the admins' category list). */
    getTicketFilterCategories: build.query<TicketCategory[], void>({
      query: () => '/api/r/tickets/categories',
      providesTags: ['TicketCategories'],
    }),
    getAdminTicket: build.query<AdminTicketWithReplies, number>({
      query: (id) => `/api/admin/tickets/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Tickets', id: `admin-${id}` }],
    }),
    staffReply: build.mutation<ApiSuccess<unknown>, { id: number; message: string; images: File[] }>({
      query: ({ id, message, images }) => {
        const body = new FormData();
        body.append('message', message);
        for (const image of images) body.append('images[]', image, image.name);
        return { url: `/api/admin/tickets/${id}/reply`, method: 'POST', body };
      },
      transformResponse: (data: unknown, meta) => withMessage(data, meta),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Tickets', id: `admin-${id}` },
        { type: 'Tickets', id: 'ADMIN' },
      ],
    }),
    updateAdminTicket: build.mutation<AdminTicket, { id: number } & AdminTicketUpdate>({
      query: ({ id, ...body }) => ({ url: `/api/admin/tickets/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Tickets', id: `admin-${id}` },
        { type: 'Tickets', id: 'ADMIN' },
      ],
    }),
  }),
});

export const {
  useGetAdminTicketsQuery,
  useGetTicketFilterCategoriesQuery,
  useGetAdminTicketQuery,
  useStaffReplyMutation,
  useUpdateAdminTicketMutation,
} = ticketsAdminApi;

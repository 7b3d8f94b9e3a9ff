import type {
  AdminTicket,
  AdminTicketList,
  AdminTicketUpdate,
  AdminTicketWithReplies,
  AdminTicketsQuery,
  ApiSuccess,
  TicketCategory,
} from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** The support queue for staff and admins. */
export const ticketsAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminTickets: build.query<AdminTicketList, AdminTicketsQuery>({
      query: (q) => ({ url: '/api/admin/tickets', params: q }),
      transformResponse: (response: ApiSuccess<AdminTicket[]> & Omit<AdminTicketList, 'data'>) => ({
        data: response.data ?? [],
        pagination: response.pagination,
      }),
      providesTags: [{ type: 'Tickets', id: 'ADMIN' }],
    }),
    /** The active categories, for the queue's filter (staff may not open the admins' category list). */
    getTicketFilterCategories: build.query<TicketCategory[], void>({
      query: () => '/api/r/tickets/categories',
      transformResponse: (response: ApiSuccess<TicketCategory[]>) => response.data ?? [],
      providesTags: ['TicketCategories'],
    }),
    getAdminTicket: build.query<AdminTicketWithReplies, number>({
      query: (id) => `/api/admin/tickets/${id}`,
      transformResponse: (response: ApiSuccess<AdminTicketWithReplies>) => response.data as AdminTicketWithReplies,
      providesTags: (_r, _e, id) => [{ type: 'Tickets', id: `admin-${id}` }],
    }),
    staffReply: build.mutation<ApiSuccess<unknown>, { id: number; message: string; images: File[] }>({
      query: ({ id, message, images }) => {
        const body = new FormData();
        body.append('message', message);
        for (const image of images) body.append('images[]', image, image.name);
        return { url: `/api/admin/tickets/${id}/reply`, method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Tickets', id: `admin-${id}` },
        { type: 'Tickets', id: 'ADMIN' },
      ],
    }),
    updateAdminTicket: build.mutation<AdminTicket, { id: number } & AdminTicketUpdate>({
      query: ({ id, ...body }) => ({ url: `/api/admin/tickets/${id}`, method: 'PATCH', body }),
      transformResponse: (response: ApiSuccess<AdminTicket>) => response.data as AdminTicket,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Tickets', id: `admin-${id}` }, { type: 'Tickets', id: 'ADMIN' }, 'AuditLog'],
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

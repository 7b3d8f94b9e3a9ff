import type { AdminTicketCategory, TicketCategoryInput } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** The ticket categories members pick from (admins only); changes also refresh the members' list. */
export const adminTicketCategoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminTicketCategories: build.query<AdminTicketCategory[], void>({
      query: () => '/api/admin/ticket-categories',
      providesTags: [{ type: 'TicketCategories', id: 'ADMIN' }],
    }),
    createTicketCategory: build.mutation<AdminTicketCategory, TicketCategoryInput>({
      query: (body) => ({ url: '/api/admin/ticket-categories', method: 'POST', body }),
      invalidatesTags: ['TicketCategories'],
    }),
    updateTicketCategory: build.mutation<AdminTicketCategory, { id: number; input: TicketCategoryInput }>({
      query: ({ id, input }) => ({ url: `/api/admin/ticket-categories/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['TicketCategories'],
    }),
    /** Deletes an unused category; one with tickets is archived (made inactive) and the answer says so. */
    archiveTicketCategory: build.mutation<string, number>({
      query: (id) => ({ url: `/api/admin/ticket-categories/${id}`, method: 'DELETE' }),
      transformResponse: (_data: unknown, meta) => meta?.message ?? 'Category deleted.',
      invalidatesTags: ['TicketCategories'],
    }),
  }),
});

export const {
  useGetAdminTicketCategoriesQuery,
  useCreateTicketCategoryMutation,
  useUpdateTicketCategoryMutation,
  useArchiveTicketCategoryMutation,
} = adminTicketCategoriesApi;

import type { AdminRaffle, ApiSuccess, RaffleTemplate, RaffleTemplateInput } from '@kickback/contracts';
import { baseApi, withMessage } from '../../lib/api';

/** Raffle templates: saved from the raffle form, started on Go live. */
export const raffleTemplatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRaffleTemplates: build.query<RaffleTemplate[], void>({
      query: () => '/api/admin/raffle-templates',
      providesTags: ['Raffles'],
    }),
    saveRaffleTemplate: build.mutation<ApiSuccess<RaffleTemplate>, RaffleTemplateInput>({
      query: (body) => ({ url: '/api/admin/raffle-templates', method: 'POST', body }),
      transformResponse: (data: RaffleTemplate, meta) => withMessage(data, meta),
      invalidatesTags: ['Raffles'],
    }),
    startRaffleFromTemplate: build.mutation<ApiSuccess<AdminRaffle>, { id: number; title: string }>({
      query: ({ id, title }) => ({ url: `/api/admin/raffle-templates/${id}/start`, method: 'POST', body: { title } }),
      transformResponse: (data: AdminRaffle, meta) => withMessage(data, meta),
      invalidatesTags: ['Raffles'],
    }),
  }),
});

export const { useGetRaffleTemplatesQuery, useSaveRaffleTemplateMutation, useStartRaffleFromTemplateMutation } = raffleTemplatesApi;

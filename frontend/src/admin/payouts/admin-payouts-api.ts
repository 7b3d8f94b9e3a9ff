import type {
  ApiSuccess,
  AdminPayout,
  AdminPayoutList,
  AdminPayoutsQuery,
  PayoutOverdueSummary,
  PayoutSettings,
  PayoutSettingsUpdate,
  PayoutTransition,
} from '@kickback/contracts';
import { baseApi, pagedList, withMessage } from '../../lib/api';
import { followLive } from '../../lib/live-cache';

/** The queue's filters as the URL and the export carry them. */
export const payoutsQueryString = ({ status, source, age }: Omit<AdminPayoutsQuery, 'page'>) =>
  new URLSearchParams({ status, source, age }).toString();

/** The payout queue: moves, bulk approval, proof screenshots and the streamer's payout settings. */
export const adminPayoutsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminPayouts: build.query<AdminPayoutList, AdminPayoutsQuery>({
      query: ({ page, ...filters }) => `/api/admin/payouts?${payoutsQueryString(filters)}&page=${page}`,
      transformResponse: (data: AdminPayout[], meta) => ({
        ...pagedList(data, meta),
        overdue_total: meta?.extra.overdue_total as number,
        promise_hours: meta?.extra.promise_hours as number,
      }),
      providesTags: ['AdminPayouts'],
      // Admins sit in the admin room: a payout opened or moved anywhere (another admin, a draw) means this page is old.
      onCacheEntryAdded: (_query, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.on('payout:admin-changed', () =>
            lifecycle.dispatch(adminPayoutsApi.util.invalidateTags(['AdminPayouts', 'PayoutsOverdue'])),
          );
        }),
    }),
    movePayout: build.mutation<AdminPayout, { id: number; move: PayoutTransition }>({
      query: ({ id, move }) => ({ url: `/api/admin/payouts/${id}/status`, method: 'POST', body: move }),
      invalidatesTags: ['AdminPayouts', 'PayoutsOverdue'],
    }),
    bulkApprovePayouts: build.mutation<ApiSuccess<{ approved: number[]; skipped: number[] }>, number[]>({
      query: (ids) => ({ url: '/api/admin/payouts/bulk-approve', method: 'POST', body: { ids } }),
      transformResponse: (data: { approved: number[]; skipped: number[] }, meta) => withMessage(data, meta),
      invalidatesTags: ['AdminPayouts', 'PayoutsOverdue'],
    }),
    uploadPayoutProof: build.mutation<AdminPayout, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        // No content-type here: the browser adds the multipart boundary itself.
        return { url: `/api/admin/payouts/${id}/proof-image`, method: 'POST', body };
      },
      invalidatesTags: ['AdminPayouts'],
    }),
    getPayoutSettings: build.query<PayoutSettings, void>({
      query: () => '/api/admin/payouts/settings',
      providesTags: ['AdminPayoutSettings'],
    }),
    updatePayoutSettings: build.mutation<PayoutSettings, PayoutSettingsUpdate>({
      query: (body) => ({ url: '/api/admin/payouts/settings', method: 'PUT', body }),
      invalidatesTags: ['AdminPayoutSettings', 'AdminPayouts', 'PayoutsOverdue'],
    }),
    getPayoutsOverdue: build.query<PayoutOverdueSummary, void>({
      query: () => '/api/admin/payouts-overdue',
      providesTags: ['PayoutsOverdue'],
    }),
  }),
});

export const {
  useGetAdminPayoutsQuery,
  useMovePayoutMutation,
  useBulkApprovePayoutsMutation,
  useUploadPayoutProofMutation,
  useGetPayoutSettingsQuery,
  useUpdatePayoutSettingsMutation,
  useGetPayoutsOverdueQuery,
} = adminPayoutsApi;

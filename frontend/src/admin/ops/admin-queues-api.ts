import type { FailedJob, QueueSummary } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

export const adminQueuesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQueues: build.query<QueueSummary[], void>({
      query: () => '/api/admin/queues',
      providesTags: ['AdminQueues'],
    }),
    getFailedJobs: build.query<FailedJob[], string>({
      query: (name) => `/api/admin/queues/${encodeURIComponent(name)}/failed`,
      providesTags: (_result, _error, name) => [{ type: 'AdminQueues', id: name }],
    }),
    retryJob: build.mutation<void, { queue: string; id: string }>({
      query: ({ queue, id }) => ({
        url: `/api/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/retry`,
        method: 'POST',
      }),
      invalidatesTags: ['AdminQueues'],
    }),
  }),
});

export const { useGetQueuesQuery, useGetFailedJobsQuery, useRetryJobMutation } = adminQueuesApi;

import type { ApiSuccess, Captcha, ContactMessageInput } from '@kickback/contracts';
import { baseApi, withMessage } from '../../lib/api';

export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCaptcha: build.query<Captcha, void>({
      query: () => '/api/r/captcha',
      providesTags: ['Captcha'],
      // A token is good for one check only: never serve an old one from the cache.
      keepUnusedDataFor: 0,
    }),
    sendContactMessage: build.mutation<ApiSuccess<undefined>, ContactMessageInput>({
      query: (body) => ({ url: '/api/r/contact', method: 'POST', body }),
      // The server consumed the token whatever the outcome, so a fresh captcha is fetched after every submit.
      transformResponse: (data: undefined, meta) => withMessage(data, meta),
      invalidatesTags: ['Captcha'],
    }),
  }),
});

export const { useGetCaptchaQuery, useSendContactMessageMutation } = contactApi;

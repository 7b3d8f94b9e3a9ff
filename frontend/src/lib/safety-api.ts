import type { AgeAnswer, MemberBreak, TakeBreakRequest, ViewerSafety } from '@kickback/contracts';
import { baseApi } from './api';

/**
 * The viewer's standing for gambling content (docs/responsible-gambling.md), shared by the shell's age gate, the
 * footer, the offers' notices and the settings' break section. The server decides it and leaves hidden offers out of
 * its answers, so after an answer or a break the page is loaded again rather than patched.
 */
export const safetyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSafety: build.query<ViewerSafety, void>({
      query: () => '/api/r/safety',
      providesTags: ['Safety'],
    }),
    answerAge: build.mutation<ViewerSafety, AgeAnswer>({
      query: (body) => ({ url: '/api/r/safety/age', method: 'POST', body }),
    }),
    takeBreak: build.mutation<MemberBreak, TakeBreakRequest>({
      query: (body) => ({ url: '/api/r/safety/break', method: 'POST', body }),
    }),
  }),
});

export const { useGetSafetyQuery, useAnswerAgeMutation, useTakeBreakMutation } = safetyApi;

/** The standing, once known (from the page data at once; from the API under `vite dev`). */
export function useViewerSafety(): ViewerSafety | undefined {
  return useGetSafetyQuery().data;
}

import type { AdminOverlayToken, IssuedOverlayToken, OverlayKind, OverlaySettings } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** The Overlays section: each OBS overlay's token state and settings; issue (rotate), view the URL again, revoke. */
export const adminOverlaysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOverlayTokens: build.query<AdminOverlayToken[], void>({
      query: () => '/api/admin/overlays',
      providesTags: ['AdminOverlays'],
    }),
    issueOverlayToken: build.mutation<IssuedOverlayToken, OverlayKind>({
      query: (kind) => ({ url: `/api/admin/overlays/${kind}/token`, method: 'POST' }),
      invalidatesTags: ['AdminOverlays'],
    }),
    /** The current URL, unchanged (a mutation: each view is audited and nothing should cache a URL). */
    showOverlayUrl: build.mutation<IssuedOverlayToken, OverlayKind>({
      query: (kind) => ({ url: `/api/admin/overlays/${kind}/url`, method: 'GET' }),
    }),
    revokeOverlayToken: build.mutation<null, OverlayKind>({
      query: (kind) => ({ url: `/api/admin/overlays/${kind}/token`, method: 'DELETE' }),
      invalidatesTags: ['AdminOverlays'],
    }),
    saveOverlaySettings: build.mutation<OverlaySettings, { kind: OverlayKind; settings: OverlaySettings }>({
      query: ({ kind, settings }) => ({ url: `/api/admin/overlays/${kind}/settings`, method: 'PUT', body: settings }),
      invalidatesTags: ['AdminOverlays'],
    }),
  }),
});

export const {
  useGetOverlayTokensQuery,
  useIssueOverlayTokenMutation,
  useShowOverlayUrlMutation,
  useRevokeOverlayTokenMutation,
  useSaveOverlaySettingsMutation,
} = adminOverlaysApi;

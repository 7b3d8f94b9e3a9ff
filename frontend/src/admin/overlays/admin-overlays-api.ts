import type { AdminOverlayToken, IssuedOverlayToken, OverlayKind } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** The Overlays section: each OBS overlay's token state; issuing (rotating) answers the new URL once. */
export const adminOverlaysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOverlayTokens: build.query<AdminOverlayToken[], void>({
      query: () => '/api/admin/overlays',
      providesTags: ['AdminOverlays'],
    }),
    issueOverlayToken: build.mutation<IssuedOverlayToken, OverlayKind>({
      query: (kind) => ({ url: `/api/admin/overlays/${kind}/token`, method: 'POST' }),
      invalidatesTags: ['AdminOverlays', 'AuditLog'],
    }),
    revokeOverlayToken: build.mutation<null, OverlayKind>({
      query: (kind) => ({ url: `/api/admin/overlays/${kind}/token`, method: 'DELETE' }),
      invalidatesTags: ['AdminOverlays', 'AuditLog'],
    }),
  }),
});

export const { useGetOverlayTokensQuery, useIssueOverlayTokenMutation, useRevokeOverlayTokenMutation } = adminOverlaysApi;

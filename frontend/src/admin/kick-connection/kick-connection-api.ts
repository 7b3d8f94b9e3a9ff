import type { KickChannelInput, KickChatInput, KickConnectionStatus } from '@kickback/contracts';
import { baseApi } from '../../lib/api';

/** Admin → Kick connection: the connected account, bot reply status, the channel; connecting is a full-page redirect. */
export const kickConnectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKickConnection: build.query<KickConnectionStatus, void>({
      query: () => '/api/admin/kick-connection',
      providesTags: ['AdminActivity'],
    }),
    saveKickChannel: build.mutation<KickConnectionStatus, KickChannelInput>({
      query: (body) => ({ url: '/api/admin/kick-connection/channel', method: 'PUT', body }),
      invalidatesTags: ['AdminActivity', 'SiteSettings'],
    }),
    saveKickChat: build.mutation<KickConnectionStatus, KickChatInput>({
      query: (body) => ({ url: '/api/admin/kick-connection/chat', method: 'PUT', body }),
      invalidatesTags: ['AdminActivity'],
    }),
    disconnectKick: build.mutation<KickConnectionStatus, void>({
      query: () => ({ url: '/api/admin/kick-connection', method: 'DELETE' }),
      invalidatesTags: ['AdminActivity'],
    }),
  }),
});

export const { useGetKickConnectionQuery, useSaveKickChannelMutation, useSaveKickChatMutation, useDisconnectKickMutation } =
  kickConnectionApi;

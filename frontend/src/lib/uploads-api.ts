import type { UploadedImage } from '@kickback/contracts';
import { baseApi } from './api';

export const adminUploadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    uploadImage: build.mutation<UploadedImage, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        // No content-type here: the browser adds the multipart boundary itself.
        return { url: '/api/admin/uploads', method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadImageMutation } = adminUploadsApi;

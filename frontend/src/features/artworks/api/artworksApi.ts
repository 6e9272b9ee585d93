import { api } from '@/lib/api/api';
import { fileOrError, suggestedFileName } from '@/lib/api/fileResponse';
import { saveFile } from '@/lib/browser/saveFile';
import type { Artwork } from '../types';

export const artworksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getArtworks: build.query<Artwork[], undefined>({
      query: () => '/api/artworks',
      providesTags: ['Artworks'],
    }),
    /**
     * Downloads a bought size through the base query (bearer token, refresh on 401) and hands it
     * to the browser under the server's file name. Answers that name: the file itself stays out
     * of the cache.
     */
    downloadArtwork: build.mutation<string, Artwork>({
      async queryFn(artwork, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: `/api/artworks/${artwork.id}/download`,
          responseHandler: fileOrError,
        });
        if (result.error !== undefined) return { error: result.error };
        const fileName = suggestedFileName(
          result.meta,
          `${artwork.urlName}-${artwork.sizeName}.jpg`,
        );
        saveFile(result.data as Blob, fileName);
        return { data: fileName };
      },
    }),
  }),
});

export const { useGetArtworksQuery, useDownloadArtworkMutation } = artworksApi;

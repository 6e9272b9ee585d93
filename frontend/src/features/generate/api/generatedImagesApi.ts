import { api } from '@/lib/api/api';
import { fileOrError, suggestedFileName } from '@/lib/api/fileResponse';
import { saveFile } from '@/lib/browser/saveFile';
import type {
  GeneratedImage,
  GeneratedImagePage,
  Generation,
  GenerationAllowance,
  GenerationRequest,
} from '../types';

function countHeader(headers: Headers | undefined, name: string): number | null {
  const value = Number(headers?.get(name) ?? Number.NaN);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/** Generating images, the customer's free allowance and the history of what was generated. */
export const generatedImagesApi = api
  .enhanceEndpoints({ addTagTypes: ['GeneratedImages', 'GenerationAllowance'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getGenerationAllowance: build.query<GenerationAllowance, undefined>({
        query: () => '/api/generated-images/allowance',
        providesTags: ['GenerationAllowance'],
      }),
      getGeneratedImages: build.query<GeneratedImagePage, { page: number; pageSize: number }>({
        query: ({ page, pageSize }) => ({
          url: '/api/generated-images',
          params: { Page: page, PageSize: pageSize },
        }),
        providesTags: ['GeneratedImages'],
      }),
      /**
       * An image file fetched with the bearer token (an <img> cannot send it), answered as an
       * object URL. Dropped as soon as no one shows it, and the URL revoked with it.
       */
      getGeneratedImageFile: build.query<string, string>({
        async queryFn(url, _api, _extraOptions, baseQuery) {
          const result = await baseQuery({ url, responseHandler: fileOrError });
          if (result.error !== undefined) return { error: result.error };
          return { data: URL.createObjectURL(result.data as Blob) };
        },
        keepUnusedDataFor: 0,
        async onCacheEntryAdded(_url, { cacheDataLoaded, cacheEntryRemoved }) {
          try {
            const { data } = await cacheDataLoaded;
            await cacheEntryRemoved;
            URL.revokeObjectURL(data);
          } catch {
            // Removed before it loaded: no URL was made.
          }
        },
      }),
      /** Fetches an earlier image again and hands it to the browser to save. Answers its name. */
      downloadGeneratedImage: build.mutation<string, GeneratedImage>({
        async queryFn(image, _api, _extraOptions, baseQuery) {
          const result = await baseQuery({ url: image.url, responseHandler: fileOrError });
          if (result.error !== undefined) return { error: result.error };
          const fileName = suggestedFileName(result.meta, image.fileName);
          saveFile(result.data as Blob, fileName);
          return { data: fileName };
        },
      }),
      /**
       * Generates, saves the file under the server's name (200 all made, 206 fewer) and answers
       * what came back. What it made changes the allowance, the history and the balance.
       */
      generateImages: build.mutation<Generation, GenerationRequest>({
        async queryFn(request, _api, _extraOptions, baseQuery) {
          const result = await baseQuery({
            url: '/api/generated-images',
            method: 'POST',
            body: request,
            responseHandler: fileOrError,
          });
          if (result.error !== undefined) return { error: result.error };
          const file = result.data as Blob;
          const fallback = file.type === 'application/zip' ? 'images.zip' : 'image.png';
          const fileName = suggestedFileName(result.meta, fallback);
          const isZip = fileName.toLowerCase().endsWith('.zip');
          saveFile(file, fileName);
          const headers = result.meta?.response?.headers;
          return {
            data: {
              fileName,
              fileUrl: URL.createObjectURL(file),
              isZip,
              requested: countHeader(headers, 'X-Images-Requested') ?? request.count,
              returned: countHeader(headers, 'X-Images-Returned') ?? request.count,
              seed: headers?.get('X-Generation-Seed') ?? null,
            },
          };
        },
        invalidatesTags: (result) =>
          result === undefined ? [] : ['GeneratedImages', 'GenerationAllowance', 'Balance'],
      }),
    }),
  });

export const {
  useGetGenerationAllowanceQuery,
  useGetGeneratedImagesQuery,
  useGetGeneratedImageFileQuery,
  useDownloadGeneratedImageMutation,
  useGenerateImagesMutation,
} = generatedImagesApi;

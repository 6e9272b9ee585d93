import type { ListPage } from '@/types/page';
import { apiRoot } from '@/config/env';
import { splitValidationErrors, type ApiError } from '@/lib/api/apiError';
import { adminApi } from '../../api/adminApi';
import type { AdminOffer, AdminOfferRow } from '../../api/types';
import { listParams, type ListRequest } from '../../components/listAddress';

export const OFFER_FILTERS = ['Query', 'State', 'Category'] as const;
export type OfferFilter = (typeof OFFER_FILTERS)[number];

/** What a PATCH sends: the fields changed; prices in EUR, decimal text. */
export interface OfferEdit {
  id: number;
  title?: string;
  description?: string;
  category?: string;
  style?: string;
  tags?: string[];
  exclusive?: boolean;
  prices?: { attributeId: number; price: string }[];
}

/** The catalogue: offers listed, one opened, edited, published, hidden. */
export const catalogueApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getOffers: build.query<ListPage<AdminOfferRow>, ListRequest<OfferFilter>>({
      query: (request) => ({ url: '/api/admin/offers', params: listParams(request) }),
      providesTags: ['Offer'],
    }),
    getOffer: build.query<AdminOffer, number>({
      query: (id) => `/api/admin/offers/${id}`,
      providesTags: ['Offer'],
    }),
    editOffer: build.mutation<AdminOffer, OfferEdit>({
      query: ({ id, ...body }) => ({ url: `/api/admin/offers/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Offer', 'Audit'],
    }),
    setOfferState: build.mutation<AdminOffer, { id: number; action: 'publish' | 'hide' }>({
      query: ({ id, action }) => ({ url: `/api/admin/offers/${id}/${action}`, method: 'POST' }),
      invalidatesTags: ['Offer', 'Audit'],
    }),
  }),
});

export const {
  useGetOffersQuery,
  useGetOfferQuery,
  useEditOfferMutation,
  useSetOfferStateMutation,
} = catalogueApi;

/** An upload's refusal: an Error that is also the shop's ApiError, as forms read it. */
export class UploadRefused extends Error implements ApiError {
  status: ApiError['status'];
  fieldErrors: ApiError['fieldErrors'];
  generalMessages: string[];
  constructor(error: ApiError) {
    super(error.message);
    this.status = error.status;
    this.fieldErrors = error.fieldErrors;
    this.generalMessages = error.generalMessages;
  }
}

/** The answer's JSON, or null when it is none (a proxy's error page). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface UploadRequest {
  file: File;
  title: string;
  category: string;
  style: string;
  token: string | null;
  /** 0 to 1, as the bytes leave. */
  onProgress: (sent: number) => void;
}

/**
 * Sends the picture itself as the body (POST /api/admin/offers), its fields in the address. An
 * XMLHttpRequest rather than the API slice: fetch tells nothing of an upload's progress. Answers
 * the new offer, or rejects with the server's reasons as an ApiError.
 */
export function uploadOffer({
  file,
  title,
  category,
  style,
  token,
  onProgress,
}: UploadRequest): Promise<AdminOffer> {
  const params = new URLSearchParams({ Title: title, Category: category, Style: style });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiRoot()}/api/admin/offers?${params.toString()}`);
    if (token !== null) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parsed(request.responseText);
      if (request.status === 201) {
        resolve(body as AdminOffer);
        return;
      }
      const { fieldErrors, generalMessages } = splitValidationErrors(body);
      reject(
        new UploadRefused({
          status: request.status,
          message: 'The picture was not uploaded.',
          fieldErrors,
          generalMessages,
        }),
      );
    };
    request.onerror = () => {
      reject(
        new UploadRefused({
          status: 'FETCH_ERROR',
          message: 'The server could not be reached.',
          fieldErrors: {},
          generalMessages: ['The server could not be reached.'],
        }),
      );
    };
    request.send(file);
  });
}

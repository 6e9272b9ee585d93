import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { apiRoot } from '@/config/env';
import {
  selectAccessToken,
  selectRefreshToken,
  sessionExpired,
  tokensReceived,
  LOGGED_OUT_REASON,
  type StateWithSession,
} from '@/lib/session/sessionSlice';
import type { AuthTokens } from '@/types/auth';
import {
  apiErrorFromResponse,
  apiErrorWithMessage,
  ERROR_MESSAGES,
  type ApiError,
} from './apiError';

export const REFRESH_PATH = '/api/Accounts/refresh';

/** Answers worth one more try of a call that has no body (SPEC.md section 7). */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Statuses that mean the access token is no longer accepted. */
const AUTH_FAILURE_STATUSES: ReadonlySet<unknown> = new Set([401, 403]);
/** A body-less POST may still change something on the server; only calls safe to repeat are retried. */
const NEVER_RETRIED_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH']);

const commonOptions = {
  baseUrl: apiRoot(),
  credentials: 'include',
  // Error pages of proxies are not JSON; parse by content type instead of failing on them.
  responseHandler: 'content-type',
} as const;

const authorizedQuery = fetchBaseQuery({
  ...commonOptions,
  prepareHeaders(headers, { getState }) {
    const token = selectAccessToken(getState() as StateWithSession);
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The refresh call must not carry the access token that was just refused. */
const anonymousQuery = fetchBaseQuery(commonOptions);

type QueryArgs = string | FetchArgs;
type RawResult = Awaited<ReturnType<typeof authorizedQuery>>;

function isRetriable(args: QueryArgs, status: unknown): boolean {
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
  const hasBody = typeof args !== 'string' && args.body !== undefined;
  return (
    !hasBody &&
    !NEVER_RETRIED_METHODS.has(method) &&
    typeof status === 'number' &&
    TRANSIENT_STATUSES.has(status)
  );
}

async function queryWithOneRetry(
  args: QueryArgs,
  api: BaseQueryApi,
  extraOptions: object,
): Promise<RawResult> {
  const first = await authorizedQuery(args, api, extraOptions);
  if (first.error === undefined || !isRetriable(args, first.error.status)) return first;
  return authorizedQuery(args, api, extraOptions);
}

type Renewal = { renewed: true } | { renewed: false; message: string };

/** The refresh every call refused with 401/403 shares, so that parallel failures refresh once. */
let refreshInFlight: Promise<Renewal> | null = null;

function refreshOnce(api: BaseQueryApi): Promise<Renewal> {
  refreshInFlight ??= refreshSession(api).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function refreshSession(api: BaseQueryApi): Promise<Renewal> {
  const refreshToken = selectRefreshToken(api.getState() as StateWithSession);
  if (refreshToken === null) {
    api.dispatch(sessionExpired());
    return { renewed: false, message: ERROR_MESSAGES.refreshTokenEmpty };
  }
  const answer = await anonymousQuery(
    { url: REFRESH_PATH, method: 'POST', body: { refreshToken } },
    api,
    {},
  );
  if (isAuthTokens(answer.data)) {
    api.dispatch(tokensReceived(answer.data));
    return { renewed: true };
  }
  api.dispatch(sessionExpired());
  return { renewed: false, message: LOGGED_OUT_REASON };
}

function isAuthTokens(value: unknown): value is AuthTokens {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, refreshToken } = value as Record<string, unknown>;
  return typeof accessToken === 'string' && accessToken !== '' && typeof refreshToken === 'string';
}

/** Gets a token newer than the refused one: from a refresh that already happened, or a shared new one. */
function renewAfterRefusal(tokenSent: string | null, api: BaseQueryApi): Promise<Renewal> {
  const current = selectAccessToken(api.getState() as StateWithSession);
  if (current === tokenSent) return refreshOnce(api);
  return Promise.resolve(
    current !== null ? { renewed: true } : { renewed: false, message: LOGGED_OUT_REASON },
  );
}

/**
 * The base query of the one API (DESIGN.md section 9): bearer token and cookies on every call, one
 * shared token refresh on 401/403 followed by a retry, one retry of body-less calls on transient
 * statuses, and errors turned into the messages of SPEC.md section 8.
 */
export const baseQuery: BaseQueryFn<
  QueryArgs,
  unknown,
  ApiError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const tokenSent = selectAccessToken(api.getState() as StateWithSession);
  let result = await queryWithOneRetry(args, api, extraOptions);
  if (result.error !== undefined && AUTH_FAILURE_STATUSES.has(result.error.status)) {
    const renewal = await renewAfterRefusal(tokenSent, api);
    if (!renewal.renewed) {
      return {
        error: apiErrorWithMessage(result.error.status, renewal.message),
        meta: result.meta,
      };
    }
    result = await queryWithOneRetry(args, api, extraOptions);
  }
  if (result.error !== undefined) {
    return { error: apiErrorFromResponse(result.error), meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};

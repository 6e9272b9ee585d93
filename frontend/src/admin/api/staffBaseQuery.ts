import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { apiRoot } from '@/config/env';
import { ERROR_MESSAGES, splitValidationErrors, type ApiError } from '@/lib/api/apiError';
import { selectStaffToken, staffSessionEnded, type StateWithStaffSession } from './staffSession';

/** The server's refusal of a call without a live staff session (docs/back-office.md). */
export const SIGN_IN_REQUIRED = 'Sign in to the back office.';
/** Its refusal of a call the member's role does not permit. */
export const ROLE_REFUSED = 'Your role does not allow this.';

const staffQuery = fetchBaseQuery({
  baseUrl: apiRoot(),
  // Error pages of proxies are not JSON; parse by content type instead of failing on them.
  responseHandler: 'content-type',
  prepareHeaders(headers, { getState }) {
    const token = selectStaffToken(getState() as StateWithStaffSession);
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * Every status of the staff API carries its reasons in DESIGN.md section 2's format (a 403 says
 * whether the session or the role is the reason, a 404 why a set-up link is not valid), so they
 * are kept whatever the status, not only for a 400 as the shop's base query does.
 */
function staffApiError(error: FetchBaseQueryError): ApiError {
  const { fieldErrors, generalMessages } = splitValidationErrors(error.data);
  const message =
    error.status === 400 ? ERROR_MESSAGES.validationFailed : ERROR_MESSAGES.unexpectedServerError;
  return { status: error.status, message, fieldErrors, generalMessages };
}

/**
 * The back office's base query: the staff token as a bearer token, and the errors as the shop's
 * ApiError. There is no refresh: a 403 "Sign in to the back office." from any call ends the
 * session here, and the back office sends the member to its sign-in page (RequireStaff).
 */
export const staffBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await staffQuery(args, api, extraOptions);
  if (result.error === undefined) return { data: result.data, meta: result.meta };
  const error = staffApiError(result.error);
  if (error.status === 403 && error.generalMessages.includes(SIGN_IN_REQUIRED)) {
    api.dispatch(staffSessionEnded());
  }
  return { error, meta: result.meta };
};

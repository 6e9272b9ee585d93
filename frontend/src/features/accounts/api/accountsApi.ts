import { api } from '@/lib/api/api';
import type { AuthTokens } from '@/types/auth';
import type {
  Billing,
  ChangePasswordRequest,
  Credentials,
  ForgotPasswordRequest,
  LogoutRequest,
  MessageResult,
  NamesUpdate,
  Profile,
  RegistrationRequest,
  RegistrationResult,
  ResetPasswordRequest,
} from './types';

/** The profile the account pages show; the updates below keep it current. */
const profileApi = api.enhanceEndpoints({ addTagTypes: ['Profile'] }).injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<Profile, undefined>({
      query: () => '/api/Accounts/profile',
      providesTags: ['Profile'],
    }),
  }),
});

/** The account calls of SPEC.md section 7, paths spelt as there. */
export const accountsApi = profileApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RegistrationResult, RegistrationRequest>({
      query: (body) => ({ url: '/api/Accounts/register', method: 'POST', body }),
    }),
    /** Answers the tokens; storing them is up to the caller (see useSignIn). */
    login: build.mutation<AuthTokens, Credentials>({
      query: (body) => ({ url: '/api/Accounts/login', method: 'POST', body }),
    }),
    /**
     * Ends this login on the server: its refresh token stops refreshing and its access tokens stop
     * working at once, instead of living on until they expire.
     */
    logout: build.mutation<null, LogoutRequest>({
      query: (body) => ({ url: '/api/Accounts/logout', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResult, ForgotPasswordRequest>({
      query: (body) => ({ url: '/api/Accounts/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResult, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/Accounts/reset-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<MessageResult, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/Accounts/change-password', method: 'POST', body }),
    }),
    updateProfile: build.mutation<Profile, NamesUpdate>({
      query: (body) => ({ url: '/api/accounts/update', method: 'POST', body }),
      onQueryStarted: (_names, { dispatch, queryFulfilled }) =>
        storeSavedProfile(queryFulfilled, dispatch),
    }),
    updateBilling: build.mutation<Profile, Billing>({
      query: (body) => ({ url: '/api/accounts/update-billing', method: 'POST', body }),
      onQueryStarted: (_billing, { dispatch, queryFulfilled }) =>
        storeSavedProfile(queryFulfilled, dispatch),
    }),
  }),
});

type ProfileUpsert = ReturnType<typeof profileApi.util.upsertQueryData<'profile'>>;

/** Both updates answer the whole saved profile: it replaces the cached one without a refetch. */
async function storeSavedProfile(
  saved: Promise<{ data: Profile }>,
  dispatch: (action: ProfileUpsert) => unknown,
): Promise<void> {
  try {
    const { data } = await saved;
    dispatch(profileApi.util.upsertQueryData('profile', undefined, data));
  } catch {
    // The form that sent the update reports the failure.
  }
}

export const {
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useProfileQuery,
  useUpdateProfileMutation,
  useUpdateBillingMutation,
} = accountsApi;

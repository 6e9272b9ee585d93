/** Answer of POST /api/Accounts/login and /api/Accounts/refresh. */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

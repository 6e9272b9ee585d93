import type { Billing, NamesUpdate } from '@/types/billing';

export type { Billing, NamesUpdate };
/** Payloads and answers of the account calls (SPEC.md sections 3 and 7, DESIGN.md section 5). */

export interface Credentials {
  email: string;
  password: string;
}

/** The refresh token of the login being ended, so that it stops refreshing too. */
export interface LogoutRequest {
  refreshToken?: string;
}

export interface RegistrationRequest extends Credentials {
  repeatedPassword: string;
  agreedToPrivacyPolicy: boolean;
}

/** The server answers a registration with the e-mail as it was stored (trimmed, lower-cased). */
export interface RegistrationResult {
  email: string;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  email: string;
  code: string;
  password: string;
  repeatedPassword: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  password: string;
  repeatedPassword: string;
}

/** Answers that only carry a sentence for the customer. */
export interface MessageResult {
  message: string;
}

/** Unset fields are empty strings. */
export interface Profile extends NamesUpdate {
  email: string;
  billing: Billing;
}

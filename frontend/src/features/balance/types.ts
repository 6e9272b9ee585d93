import type { Currency } from '@/config/constants';
import type { BillingDetails } from '@/types/billing';
import type { BrowserInfo } from '@/lib/browser/browserInfo';
import type { Money } from '@/types/money';
import type { PaymentStatus } from '@/types/payment';

/** POST /api/balance/deposit (SPEC.md section 3). */
export interface DepositRequest extends BillingDetails, BrowserInfo {
  agreedToPP_TOS: boolean;
  /** Decimal text in major units of `currency`. */
  depositAmount: string;
  currency: Currency;
}

export interface Deposit {
  id: number;
  reference: string;
  status: PaymentStatus;
  amount: Money;
  createdAt: string;
  expiresAt: string;
  settledAt: string | null;
}

export interface DepositPlacement {
  deposit: Deposit;
  paymentLink: string | null;
}

/** The answer to a redeemed gift card, both in EUR rounded down. */
export interface Redemption {
  credited: Money;
  balance: Money;
}

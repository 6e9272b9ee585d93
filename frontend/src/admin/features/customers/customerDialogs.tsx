import { useAccountForm } from '@/components/form/useAccountForm';
import { RadioIcons } from '@/components/ui/icons';
import { localValidationError, type FieldErrors } from '@/lib/api/apiError';
import type { CustomerRow } from '../../api/types';
import { ActionDialog } from '../../components/ActionDialog';
import { AmountField, ReasonField } from '../../components/fields';
import { MoneyDialog } from '../../components/MoneyDialog';
import { minorUnitsText, readAmount } from '../../components/money';
import {
  useAdjustBalanceMutation,
  useLockCustomerMutation,
  useSignOutEverywhereMutation,
  useUnlockCustomerMutation,
  type AdjustmentDirection,
} from './customersApi';

interface CustomerDialogProps {
  customer: CustomerRow;
  onClose: () => void;
}

/** Ends every session of the customer, after asking. */
export function SignOutEverywhereDialog({ customer, onClose }: CustomerDialogProps) {
  const form = useAccountForm({});
  const [signOut, { isLoading }] = useSignOutEverywhereMutation();
  const submit = async () => {
    try {
      await signOut(customer.id).unwrap();
      onClose();
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title={`Sign ${customer.email} out everywhere?`}
      onClose={onClose}
      confirmLabel="Sign out everywhere"
      onConfirm={submit}
      busy={isLoading}
      form={form}
    >
      <p>
        Every session of theirs ends at once, on every device: they sign in again with their
        password.
      </p>
    </ActionDialog>
  );
}

/** Locks the customer (with a reason) or unlocks them, after asking. */
export function LockDialog({ customer, onClose }: CustomerDialogProps) {
  const form = useAccountForm({ reason: '' });
  const [lock, locking] = useLockCustomerMutation();
  const [unlock, unlocking] = useUnlockCustomerMutation();
  const locked = customer.locked;
  const submit = async () => {
    const reason = form.values.reason.trim();
    if (!locked && reason === '') {
      form.showErrors(localValidationError({ reason: ['Say why.'] }));
      return;
    }
    try {
      await (locked ? unlock(customer.id) : lock({ id: customer.id, reason })).unwrap();
      onClose();
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title={locked ? `Unlock ${customer.email}?` : `Lock ${customer.email}?`}
      onClose={onClose}
      confirmLabel={locked ? 'Unlock' : 'Lock'}
      onConfirm={submit}
      busy={locking.isLoading || unlocking.isLoading}
      form={form}
    >
      <p>
        {locked
          ? 'They can log in to the shop again with their password.'
          : 'Their sessions end at once and they cannot log in until they are unlocked; their login says to write to support.'}
      </p>
      {!locked && <ReasonField {...form.textField('reason')} />}
    </ActionDialog>
  );
}

const DIRECTIONS: readonly (readonly [AdjustmentDirection, string])[] = [
  ['credit', 'Credit (add to the balance)'],
  ['debit', 'Debit (take from the balance)'],
];

/**
 * Credits or debits the customer's balance (EUR) with a reason; the confirmation states the
 * amount and the balance it leads to, computed in whole cents: "Credit 5.00 EUR to
 * ann@example.com: the balance becomes 8.20 EUR".
 */
export function AdjustBalanceDialog({ customer, onClose }: CustomerDialogProps) {
  const form = useAccountForm({ direction: 'credit', amount: '', reason: '' });
  const [adjust, { isLoading }] = useAdjustBalanceMutation();
  const direction = form.values.direction as AdjustmentDirection;
  const amount = readAmount(form.values.amount, 'EUR');
  const balance = BigInt(customer.balance.minorUnits);

  const review = () => {
    const problems: FieldErrors = {};
    if ('message' in amount) problems.amount = [amount.message];
    else if (direction === 'debit' && amount.minorUnits > balance) {
      problems.amount = [`The balance holds only ${minorUnitsText(balance, 'EUR')}.`];
    }
    if (form.values.reason.trim() === '') problems.reason = ['Say why.'];
    if ('message' in amount || Object.keys(problems).length > 0) {
      form.showErrors(localValidationError(problems));
      return null;
    }
    const after =
      direction === 'credit' ? balance + amount.minorUnits : balance - amount.minorUnits;
    const change =
      direction === 'credit'
        ? `Credit ${minorUnitsText(amount.minorUnits, 'EUR')} to`
        : `Debit ${minorUnitsText(amount.minorUnits, 'EUR')} from`;
    return `${change} ${customer.email}: the balance becomes ${minorUnitsText(after, 'EUR')}.`;
  };

  const send = (idempotencyKey: string) =>
    adjust({
      customerId: customer.id,
      idempotencyKey,
      direction,
      amount: 'amount' in amount ? amount.amount : form.values.amount.trim(),
      reason: form.values.reason.trim(),
    }).unwrap();

  const directionField = form.textField('direction');
  return (
    <MoneyDialog
      title={`Adjust the balance of ${customer.email}`}
      onClose={onClose}
      form={form}
      review={review}
      confirmLabel={direction === 'credit' ? 'Credit' : 'Debit'}
      send={send}
      busy={isLoading}
    >
      <p>The balance is {minorUnitsText(balance, 'EUR')}.</p>
      <fieldset className="admin-choices">
        <legend>Direction</legend>
        <div role="radiogroup">
          {DIRECTIONS.map(([value, label]) => (
            <label key={value} className="choice">
              <span className="radio">
                <input
                  type="radio"
                  className="radio__input"
                  name="direction"
                  value={value}
                  checked={direction === value}
                  onChange={directionField.onChange}
                />
                <RadioIcons />
              </span>
              <span className="type-body1 choice__label">{label}</span>
            </label>
          ))}
        </div>
        {directionField.error && (
          <p className="check-message check-message--error">{directionField.helperText}</p>
        )}
      </fieldset>
      <AmountField currency="EUR" {...form.textField('amount')} />
      <ReasonField {...form.textField('reason')} />
    </MoneyDialog>
  );
}

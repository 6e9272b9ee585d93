import { useState } from 'react';
import { useParams } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { Button } from '@/components/ui/Button';
import { Check } from '@/components/ui/choices';
import { SelectField, TextField } from '@/components/ui/fields';
import type { AdminOffer } from '../../api/types';
import { ActionDialog } from '../../components/ActionDialog';
import { STYLES } from '@/types/art';
import { RoleGate } from '../../components/RoleGate';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import {
  useEditOfferMutation,
  useGetOfferQuery,
  useSetOfferStateMutation,
  type OfferEdit,
} from './catalogueApi';
import { OFFER_STATE_LABELS } from './labels';

/** One offer, for the roles that edit the catalogue: its fields, its prices, publish or hide. */
export default function OfferPage() {
  const { id } = useParams();
  return (
    <RoleGate permission="edit_catalogue" title="Offer">
      <OfferRecord id={Number(id)} />
    </RoleGate>
  );
}

function OfferRecord({ id }: { id: number }) {
  const offer = useGetOfferQuery(id);
  const [asking, setAsking] = useState<'publish' | 'hide' | null>(null);
  // Kept here, not in the form: a save refetches the offer, which makes the form anew.
  const [saved, setSaved] = useState(false);
  return (
    <Page title={offer.data?.title ?? 'Offer'}>
      {offer.isLoading && <DelayedProgress label="Loading the offer" />}
      {offer.isError && (
        <ServerErrorAlert error={offer.error} onRetry={() => void offer.refetch()} />
      )}
      {offer.data !== undefined && (
        <div className="admin-record">
          <p>
            State: <strong>{OFFER_STATE_LABELS[offer.data.state]}</strong> · {offer.data.width} ×{' '}
            {offer.data.height} px · /{offer.data.urlName}
          </p>
          {offer.data.state !== 'sold' && (
            <div className="admin-table__actions">
              {offer.data.state === 'hidden' ? (
                <Button variant="contained" onClick={() => setAsking('publish')}>
                  Publish
                </Button>
              ) : (
                <Button variant="outlined" onClick={() => setAsking('hide')}>
                  Hide
                </Button>
              )}
            </div>
          )}
          <img src={offer.data.thumbnail} alt="" className="admin-thumbnail" />
          {/* A new form per version of the offer, so that its fields start from what is saved. */}
          <OfferForm
            key={JSON.stringify(offer.data)}
            offer={offer.data}
            saved={saved}
            onSaved={setSaved}
          />
          {asking !== null && (
            <StateDialog offer={offer.data} action={asking} onClose={() => setAsking(null)} />
          )}
        </div>
      )}
    </Page>
  );
}

/** The price fields' names: one per size, by its attribute. */
const priceField = (attributeId: number) => `price-${attributeId}`;

function OfferForm({
  offer,
  saved,
  onSaved,
}: {
  offer: AdminOffer;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const prices = Object.fromEntries(
    offer.sizes.map((size) => [priceField(size.attributeId), size.price.amount]),
  );
  const form = useAccountForm({
    title: offer.title,
    description: offer.description,
    category: offer.category,
    style: offer.exclusive ? 'None' : offer.style,
    tags: offer.tags.join(', '),
    exclusive: offer.exclusive,
    ...prices,
  });
  const [edit, { isLoading }] = useEditOfferMutation();

  const submit = async () => {
    onSaved(false);
    const values = form.values as Record<string, string | boolean>;
    const change: OfferEdit = {
      id: offer.id,
      title: form.values.title,
      description: form.values.description,
      category: form.values.category,
      tags: form.values.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    };
    if (form.values.exclusive !== offer.exclusive) {
      change.exclusive = form.values.exclusive;
    } else {
      change.prices = offer.sizes
        .map((size) => ({
          attributeId: size.attributeId,
          price: String(values[priceField(size.attributeId)]),
        }))
        .filter((price, i) => price.price !== offer.sizes[i]?.price.amount);
    }
    if (!form.values.exclusive) change.style = form.values.style;
    try {
      await edit(change).unwrap();
      onSaved(true);
    } catch (error) {
      // The server names a price by "prices.<attributeId>"; the form, by its own field names.
      form.showErrors(renamePriceErrors(error));
    }
  };

  return (
    <AccountForm form={form} onSubmit={submit}>
      {saved && <p role="status">Saved.</p>}
      <TextField label="Title" maxLength={120} {...form.textField('title')} />
      <TextField
        label="Description"
        multiline
        minRows={3}
        maxLength={2000}
        {...form.textField('description')}
      />
      <TextField label="Category" {...form.textField('category')} />
      <TextField label="Tags" {...form.textField('tags', 'Separated by commas, up to 20')} />
      <Check
        label="Exclusive: one original-size licence, sold once"
        checked={form.values.exclusive}
        disabled={offer.ordered}
        message={offer.ordered ? 'Ordered already: its sizes and licences stay.' : undefined}
        onChange={(checked) => form.setValue('exclusive', checked)}
      />
      {!form.values.exclusive && (
        <SelectField label="Style" {...form.textField('style')}>
          {STYLES.filter((style) => style !== 'Exclusive').map((style) => (
            <option key={style} value={style}>
              {style}
            </option>
          ))}
        </SelectField>
      )}
      <Section title="Prices">
        <table className="admin-table">
          <caption className="visually-hidden">Prices per size and licence</caption>
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">Pixels</th>
              <th scope="col">Licence</th>
              <th scope="col">Price (EUR)</th>
            </tr>
          </thead>
          <tbody>
            {offer.sizes.map((size) => {
              const name = priceField(size.attributeId);
              const binding = form.textField(name as 'title');
              return (
                <tr key={size.attributeId}>
                  <th scope="row">{size.name}</th>
                  <td>
                    {size.width} × {size.height}
                  </td>
                  <td>{size.licence}</td>
                  <td>
                    <TextField
                      label={`Price of ${size.name} ${size.licence} (EUR)`}
                      inputMode="decimal"
                      autoComplete="off"
                      disabled={form.values.exclusive !== offer.exclusive}
                      {...binding}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Section>
      <SubmitButton loading={isLoading}>Save</SubmitButton>
    </AccountForm>
  );
}

/** The ApiError with its "prices.12" fields named as the form's "price-12". */
function renamePriceErrors(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return error;
  const fieldErrors = (error as { fieldErrors: Record<string, string[]> }).fieldErrors;
  return {
    ...error,
    fieldErrors: Object.fromEntries(
      Object.entries(fieldErrors).map(([field, messages]) => [
        field.startsWith('prices.') ? `price-${field.slice('prices.'.length)}` : field,
        messages,
      ]),
    ),
  };
}

function StateDialog({
  offer,
  action,
  onClose,
}: {
  offer: AdminOffer;
  action: 'publish' | 'hide';
  onClose: () => void;
}) {
  const form = useAccountForm({});
  const [setState, { isLoading }] = useSetOfferStateMutation();
  const submit = async () => {
    try {
      await setState({ id: offer.id, action }).unwrap();
      onClose();
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title={action === 'publish' ? `Publish ${offer.title}?` : `Hide ${offer.title}?`}
      onClose={onClose}
      confirmLabel={action === 'publish' ? 'Publish' : 'Hide'}
      onConfirm={submit}
      busy={isLoading}
      form={form}
    >
      <p>
        {action === 'publish'
          ? 'It goes on sale in the gallery and search of every server within moments.'
          : 'It leaves the gallery and search; those who bought it keep their downloads.'}
      </p>
    </ActionDialog>
  );
}

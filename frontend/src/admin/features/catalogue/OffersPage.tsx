import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { formatMoney } from '@/lib/money/money';
import type { AdminOfferRow } from '../../api/types';
import type { FilterField } from '../../components/FilterForm';
import { ListScreen } from '../../components/ListScreen';
import { Time } from '../../components/Time';
import { adminOfferPath, ADMIN_NEW_OFFER_PATH } from '../../paths';
import { OFFER_FILTERS, useGetOffersQuery, type OfferFilter } from './catalogueApi';
import { OFFER_STATE_LABELS } from './labels';

const DEFAULT_OFFER_SORT = '-createdAt';

const FILTER_FIELDS: readonly FilterField<OfferFilter>[] = [
  { name: 'Query', label: 'Search', helperText: 'Part of the title or urlName, or the id' },
  {
    name: 'State',
    label: 'State',
    choices: (['published', 'hidden', 'sold'] as const).map(
      (state) => [state, OFFER_STATE_LABELS[state]] as const,
    ),
    anyLabel: 'Any state',
  },
  { name: 'Category', label: 'Category', helperText: "A category's urlName, such as landscapes" },
];

/** Every offer, hidden and sold ones included, for the roles that edit the catalogue. */
export default function OffersPage() {
  return (
    <ListScreen<OfferFilter, AdminOfferRow>
      title="Catalogue"
      permission="edit_catalogue"
      filters={OFFER_FILTERS}
      fields={FILTER_FIELDS}
      defaultSort={DEFAULT_OFFER_SORT}
      useList={useGetOffersQuery}
      noun="offers"
      count={(total) => (total === 1 ? '1 offer' : `${total} offers`)}
      empty={{
        filtered: 'No offer matches these filters.',
        unfiltered: 'There are no offers yet.',
      }}
      actions={
        <ButtonLink to={ADMIN_NEW_OFFER_PATH} variant="contained">
          Upload a picture
        </ButtonLink>
      }
      head={(sortable) => (
        <tr>
          <th scope="col">
            <span className="visually-hidden">Picture</span>
          </th>
          {sortable('Title', ['title'])}
          <th scope="col">Category</th>
          <th scope="col">Style</th>
          <th scope="col">State</th>
          {sortable('Price from', ['-price'])}
          {sortable('Created', [DEFAULT_OFFER_SORT])}
        </tr>
      )}
      row={(offer) => (
        <tr key={offer.id}>
          <td>
            <img src={offer.thumbnail} alt="" width={64} height={64} className="admin-thumbnail" />
          </td>
          <td>
            <Link to={adminOfferPath(offer.id)}>{offer.title}</Link>
          </td>
          <td>{offer.category}</td>
          <td>{offer.exclusive ? 'Exclusive' : offer.style}</td>
          <td>{OFFER_STATE_LABELS[offer.state]}</td>
          <td>{formatMoney(offer.price)}</td>
          <td>
            <Time at={offer.createdAt} />
          </td>
        </tr>
      )}
    />
  );
}

import { Link } from 'react-router';
import { formatMoney } from '@/lib/money/money';
import type { CustomerRow } from '../../api/types';
import type { FilterField } from '../../components/FilterForm';
import { ListScreen } from '../../components/ListScreen';
import { Time } from '../../components/Time';
import { adminCustomerPath } from '../../paths';
import {
  CUSTOMER_FILTERS,
  DEFAULT_CUSTOMER_SORT,
  useGetCustomersQuery,
  type CustomerFilter,
} from './customersApi';

const FILTER_FIELDS: readonly FilterField<CustomerFilter>[] = [
  { name: 'Query', label: 'Search', helperText: 'Part of the e-mail, or the start of a name' },
];

/** The customers, for roles that may see them; ordered by e-mail or newest first. */
export default function CustomersPage() {
  return (
    <ListScreen<CustomerFilter, CustomerRow>
      title="Customers"
      permission="view_customers"
      filters={CUSTOMER_FILTERS}
      fields={FILTER_FIELDS}
      defaultSort={DEFAULT_CUSTOMER_SORT}
      useList={useGetCustomersQuery}
      noun="customers"
      count={(total) => (total === 1 ? '1 customer' : `${total} customers`)}
      empty={{
        filtered: 'No customer matches this search.',
        unfiltered: 'There are no customers yet.',
      }}
      head={(sortable) => (
        <tr>
          {sortable('E-mail', ['email'])}
          <th scope="col">Name</th>
          {sortable('Created', [DEFAULT_CUSTOMER_SORT])}
          <th scope="col">Locked</th>
          <th scope="col">Balance</th>
        </tr>
      )}
      row={(customer) => <CustomerListRow key={customer.id} customer={customer} />}
    />
  );
}

function CustomerListRow({ customer }: { customer: CustomerRow }) {
  return (
    <tr>
      <th scope="row">
        <Link to={adminCustomerPath(customer.id)}>{customer.email}</Link>
      </th>
      <td>{`${customer.firstName} ${customer.lastName}`.trim() || '–'}</td>
      <td>
        <Time at={customer.createdAt} />
      </td>
      <td>{customer.locked ? <span className="badge badge--error">Locked</span> : 'No'}</td>
      <td>{formatMoney(customer.balance)}</td>
    </tr>
  );
}

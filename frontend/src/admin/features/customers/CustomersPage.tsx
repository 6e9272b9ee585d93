import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { formatMoney } from '@/lib/money/money';
import type { CustomerRow } from '../../api/types';
import { FilterForm, type FilterField } from '../../components/FilterForm';
import { ListView } from '../../components/ListView';
import { useListAddress } from '../../components/listAddress';
import { RoleGate } from '../../components/RoleGate';
import { SortHeader } from '../../components/SortHeader';
import { Time } from '../../components/Time';
import { adminCustomerPath } from '../../paths';
import {
  CUSTOMER_FILTERS,
  DEFAULT_CUSTOMER_SORT,
  useGetCustomersQuery,
  type CustomerFilter,
} from './customersApi';

/** The customers, for roles that may see them. */
export default function CustomersPage() {
  return (
    <RoleGate permission="view_customers" title="Customers">
      <CustomerList />
    </RoleGate>
  );
}

const FILTER_FIELDS: readonly FilterField<CustomerFilter>[] = [
  { name: 'Query', label: 'Search', helperText: 'Part of the e-mail, or the start of a name' },
];

/** The search, page and order in the address with the API's names; the server does the rest. */
function CustomerList() {
  const list = useListAddress(CUSTOMER_FILTERS, DEFAULT_CUSTOMER_SORT);
  const customers = useGetCustomersQuery(list.request);
  const sortable = (label: string, sort: string) => (
    <SortHeader
      label={label}
      orders={[sort]}
      sort={list.request.sort}
      onSort={(next) => list.show({ sort: next })}
    />
  );
  return (
    <Page title="Customers">
      <FilterForm
        key={list.addressKey}
        fields={FILTER_FIELDS}
        applied={list.request.filters}
        onApply={(filters) => list.show({ filters })}
      />
      <ListView
        query={customers}
        noun="customers"
        count={(total) => (total === 1 ? '1 customer' : `${total} customers`)}
        empty={{
          filtered: 'No customer matches this search.',
          unfiltered: 'There are no customers yet.',
        }}
        filtered={list.filtered}
        head={
          <tr>
            {sortable('E-mail', 'email')}
            <th scope="col">Name</th>
            {sortable('Created', DEFAULT_CUSTOMER_SORT)}
            <th scope="col">Locked</th>
            <th scope="col">Balance</th>
          </tr>
        }
        row={(customer) => <CustomerListRow key={customer.id} customer={customer} />}
        page={list.request.page}
        onPage={(page) => list.show({ page })}
      />
    </Page>
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

import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { Button } from '@/components/ui/Button';
import { formatMoney } from '@/lib/money/money';
import { useStaffMe } from '../../api/sessionApi';
import type { CustomerDetail, StaffPermission } from '../../api/types';
import { DetailTable } from '../../components/DetailTable';
import { Facts } from '../../components/Facts';
import { GiftCardCells } from '../../components/GiftCardCells';
import { billingFacts, GIFT_CARD_COLUMNS, ORDER_COLUMNS } from '../../components/labels';
import { ListView } from '../../components/ListView';
import { OrderListRow } from '../../components/OrderListRow';
import { RoleGate } from '../../components/RoleGate';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { Time } from '../../components/Time';
import { adminTicketPath } from '../../paths';
import { AdjustBalanceDialog, LockDialog, SignOutEverywhereDialog } from './customerDialogs';
import { useGetCustomerLedgerQuery, useGetCustomerQuery } from './customersApi';

/** One customer and what is theirs, for roles that may see customers. */
export default function CustomerPage() {
  const { id } = useParams();
  return (
    <RoleGate permission="view_customers" title="Customer">
      <CustomerRecord id={Number(id)} />
    </RoleGate>
  );
}

type Question = 'sign-out' | 'lock' | 'adjust';

function CustomerRecord({ id }: { id: number }) {
  const detail = useGetCustomerQuery(id);
  const me = useStaffMe();
  const [question, setQuestion] = useState<Question | null>(null);
  const may = (permission: StaffPermission) => me?.permissions.includes(permission) === true;
  const customer = detail.data?.customer;
  const close = () => setQuestion(null);
  return (
    <Page title={customer?.email ?? 'Customer'}>
      {detail.isLoading && <DelayedProgress label="Loading the customer" />}
      {detail.isError && (
        <ServerErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      )}
      {detail.data !== undefined && customer !== undefined && (
        <div className="admin-record">
          <div className="admin-table__actions">
            {may('lock_customers') && (
              <>
                <Button variant="outlined" onClick={() => setQuestion('sign-out')}>
                  Sign out everywhere
                </Button>
                <Button variant="outlined" onClick={() => setQuestion('lock')}>
                  {customer.locked ? 'Unlock' : 'Lock'}
                </Button>
              </>
            )}
            {may('adjust_within_limit') && (
              <Button variant="contained" onClick={() => setQuestion('adjust')}>
                Adjust balance
              </Button>
            )}
          </div>
          <CustomerSections detail={detail.data} />
          {question === 'sign-out' && (
            <SignOutEverywhereDialog customer={customer} onClose={close} />
          )}
          {question === 'lock' && <LockDialog customer={customer} onClose={close} />}
          {question === 'adjust' && <AdjustBalanceDialog customer={customer} onClose={close} />}
        </div>
      )}
    </Page>
  );
}

function CustomerSections({ detail }: { detail: CustomerDetail }) {
  const { customer } = detail;
  return (
    <>
      <Section title="Profile">
        <Facts
          facts={[
            ['E-mail', customer.email],
            ['Name', `${customer.firstName} ${customer.lastName}`.trim() || '–'],
            ['Created', <Time key="created" at={customer.createdAt} />],
            [
              'Lock',
              customer.locked ? (
                <span key="lock">
                  Locked since <Time at={customer.lockedAt} />
                </span>
              ) : (
                'Not locked'
              ),
            ],
            ['Balance', formatMoney(customer.balance)],
          ]}
        />
      </Section>
      <Section title="Billing">
        {detail.billing === null ? (
          <p className="text-secondary">No billing address.</p>
        ) : (
          <Facts facts={billingFacts(detail.billing)} />
        )}
      </Section>
      <Section title="Orders">
        {detail.ordersTotal > detail.orders.length && (
          <p className="text-secondary mb-1">
            The newest {detail.orders.length} of {detail.ordersTotal} orders.
          </p>
        )}
        <DetailTable
          caption="Orders"
          headers={['Order', ...ORDER_COLUMNS]}
          items={detail.orders}
          empty="No orders."
          row={(order) => <OrderListRow key={order.id} order={order} />}
        />
      </Section>
      <Section title="Tickets">
        <DetailTable
          caption="Tickets"
          columns={[
            ['Ticket', (ticket) => <Link to={adminTicketPath(ticket.id)}>{ticket.id}</Link>],
            ['Subject', (ticket) => ticket.subject],
            ['Status', (ticket) => ticket.status],
            ['Created', (ticket) => <Time at={ticket.createdAt} />],
          ]}
          items={detail.tickets}
          empty="No tickets."
          rowKey={(ticket) => ticket.id}
        />
      </Section>
      <Section title="Sessions">
        <DetailTable
          caption="Sessions"
          columns={[
            ['Signed in', (session) => <Time at={session.signedInAt} />],
            ['Last used', (session) => <Time at={session.lastUsedAt} />],
            ['Expires', (session) => <Time at={session.expiresAt} />],
          ]}
          items={detail.sessions}
          empty="No sessions."
          rowKey={(session) => session.id}
        />
      </Section>
      <Section title="Gift cards">
        <DetailTable
          caption="Gift cards"
          headers={GIFT_CARD_COLUMNS}
          items={detail.giftCards}
          empty="No gift cards."
          row={(card) => (
            <tr key={card.id}>
              <GiftCardCells card={card} />
            </tr>
          )}
        />
      </Section>
      <Section title="Balance">
        <BalanceLedger customerId={customer.id} />
      </Section>
    </>
  );
}

/** The balance's ledger, newest first, paged on the server. */
function BalanceLedger({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useGetCustomerLedgerQuery({ id: customerId, page });
  return (
    <ListView
      query={ledger}
      noun="balance entries"
      count={(total) => (total === 1 ? '1 entry, newest first' : `${total} entries, newest first`)}
      empty={{ filtered: '', unfiltered: 'Nothing has moved the balance yet.' }}
      filtered={false}
      head={
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Description</th>
          <th scope="col">Amount</th>
          <th scope="col">Balance after</th>
        </tr>
      }
      row={(entry, index) => (
        <tr key={`${entry.reference}-${index}`}>
          <td>
            <Time at={entry.at} />
          </td>
          <td>{entry.description}</td>
          <td>{formatMoney(entry.amount)}</td>
          <td>{formatMoney(entry.balanceAfter)}</td>
        </tr>
      )}
      page={page}
      onPage={setPage}
    />
  );
}

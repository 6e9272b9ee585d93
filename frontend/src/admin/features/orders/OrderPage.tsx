import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { Button } from '@/components/ui/Button';
import { formatMoney } from '@/lib/money/money';
import { useStaffMe } from '../../api/sessionApi';
import type { OrderDetail, Refund } from '../../api/types';
import { DetailTable } from '../../components/DetailTable';
import { Facts } from '../../components/Facts';
import {
  billingFacts,
  GIFT_CARD_STATE_LABELS,
  orderStatusText,
  PROVIDER_LABELS,
  REFUND_STATE_LABELS,
} from '../../components/labels';
import { RoleGate } from '../../components/RoleGate';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { Time } from '../../components/Time';
import { adminCustomerPath } from '../../paths';
import { useGetOrderQuery } from './ordersApi';
import { RefundDialog } from './RefundDialog';

/** One order and everything it led to, for roles that may see orders. */
export default function OrderPage() {
  const { id } = useParams();
  return (
    <RoleGate permission="view_orders" title={`Order ${id ?? ''}`}>
      <OrderRecord id={Number(id)} />
    </RoleGate>
  );
}

function OrderRecord({ id }: { id: number }) {
  const order = useGetOrderQuery(id);
  const me = useStaffMe();
  const [refunding, setRefunding] = useState(false);
  const may = (permission: 'view_customers' | 'refund_within_limit') =>
    me?.permissions.includes(permission) === true;
  return (
    <Page title={`Order ${id}`}>
      {order.isLoading && <DelayedProgress label="Loading the order" />}
      {order.isError && (
        <ServerErrorAlert error={order.error} onRetry={() => void order.refetch()} />
      )}
      {order.data !== undefined && (
        <div className="admin-record">
          {may('refund_within_limit') &&
            order.data.status === 'Paid' &&
            order.data.refundStatus !== 'Refunded' && (
              <p>
                <Button variant="contained" onClick={() => setRefunding(true)}>
                  Refund
                </Button>
              </p>
            )}
          <OrderSections order={order.data} linkCustomer={may('view_customers')} />
          {refunding && <RefundDialog order={order.data} onClose={() => setRefunding(false)} />}
        </div>
      )}
    </Page>
  );
}

const lineNames = (numbers: readonly number[], noun: string) =>
  numbers.length === 0 ? null : `${noun} ${numbers.join(', ')}`;

/** What a refund took: "Lines 1, 3; gift cards 5", or "Amount only". */
function refundItems(refund: Refund): string {
  const items = [lineNames(refund.lines, 'Lines'), lineNames(refund.giftCards, 'gift cards')];
  const named = items.filter((item) => item !== null).join('; ');
  return named === '' ? 'Amount only' : named;
}

function OrderSections({ order, linkCustomer }: { order: OrderDetail; linkCustomer: boolean }) {
  const { customer, payment } = order;
  return (
    <>
      <Section title="Summary">
        <Facts
          facts={[
            ['Order', order.id],
            ['Reference', <code key="reference">{order.reference}</code>],
            ['Created', <Time key="created" at={order.createdAt} />],
            ['Status', orderStatusText(order)],
            ['Total', formatMoney(order.total)],
            ['Refunded', formatMoney(order.refunded)],
            ['Provider', PROVIDER_LABELS[order.provider]],
          ]}
        />
      </Section>
      <Section title="Customer">
        <Facts
          facts={[
            [
              'E-mail',
              linkCustomer ? (
                <Link key="email" to={adminCustomerPath(customer.id)}>
                  {customer.email}
                </Link>
              ) : (
                customer.email
              ),
            ],
            ['Name', `${customer.firstName} ${customer.lastName}`.trim() || '–'],
            ...billingFacts(order.billing),
          ]}
        />
      </Section>
      <Section title="Lines">
        <DetailTable
          caption="Lines"
          columns={['Line', 'Picture', 'Size', 'Licence', 'Price', 'Refunded']}
          items={order.lines}
          empty="No pictures in this order."
          row={(line) => (
            <tr key={line.number}>
              <td>{line.number}</td>
              <td>{line.title}</td>
              <td>{line.sizeName}</td>
              <td>{line.licence}</td>
              <td>{formatMoney(line.price)}</td>
              <td>
                {line.refunded ? <span className="badge badge--warning">Refunded</span> : '–'}
              </td>
            </tr>
          )}
        />
      </Section>
      <Section title="Gift cards">
        <DetailTable
          caption="Gift cards"
          columns={['Number', 'Amount', 'State']}
          items={order.giftCards}
          empty="No gift cards in this order."
          row={(card) => (
            <tr key={card.id}>
              <td>{card.number ?? 'Not issued yet'}</td>
              <td>{formatMoney(card.amount)}</td>
              <td>{GIFT_CARD_STATE_LABELS[card.state]}</td>
            </tr>
          )}
        />
      </Section>
      <Section title="Payment">
        <Facts
          facts={[
            ['Provider', PROVIDER_LABELS[payment.provider]],
            ['Reference', <code key="reference">{payment.reference}</code>],
            ['Status', payment.status],
            ['Amount', formatMoney(payment.amount)],
            ['Created', <Time key="created" at={payment.createdAt} />],
            ['Expires', <Time key="expires" at={payment.expiresAt} />],
            ['Settled', <Time key="settled" at={payment.settledAt} />],
          ]}
        />
        <h3 className="type-subtitle1 mt-2">Status history</h3>
        <DetailTable
          caption="Status history"
          columns={['Time', 'Change', 'Source']}
          items={payment.history}
          empty="No change recorded."
          row={(step, index) => (
            <tr key={index}>
              <td>
                <Time at={step.at} />
              </td>
              <td>
                {step.from ?? 'New'} → {step.to}
              </td>
              <td>{step.source}</td>
            </tr>
          )}
        />
      </Section>
      <Section title="Webhook events">
        <DetailTable
          caption="Webhook events"
          columns={['Received', 'Event', 'Kind']}
          items={order.webhookEvents}
          empty="No webhook events."
          row={(event) => (
            <tr key={event.eventId}>
              <td>
                <Time at={event.receivedAt} />
              </td>
              <td>
                <code>{event.eventId}</code>
              </td>
              <td>{event.kind}</td>
            </tr>
          )}
        />
      </Section>
      <Section title="Ledger">
        {order.ledger.length === 0 && <p className="text-secondary">No postings.</p>}
        {order.ledger.map((posting) => (
          <div key={posting.reference} className="mb-2">
            <h3 className="type-subtitle1">
              <code>{posting.reference}</code>, <Time at={posting.at} />
            </h3>
            <DetailTable
              caption={`Posting ${posting.reference}`}
              columns={['Account', 'Side', 'Amount (EUR)', 'Original']}
              items={posting.entries}
              empty="No entries."
              row={(entry, index) => (
                <tr key={index}>
                  <td>{entry.account}</td>
                  <td>{entry.side}</td>
                  <td>{formatMoney(entry.amount)}</td>
                  <td>{formatMoney(entry.original)}</td>
                </tr>
              )}
            />
          </div>
        ))}
      </Section>
      <Section title="Artworks">
        <DetailTable
          caption="Artworks"
          columns={['Line', 'Picture', 'Size', 'Download']}
          items={order.artworks}
          empty="No artworks."
          row={(artwork) => (
            <tr key={artwork.id}>
              <td>{artwork.lineNumber}</td>
              <td>{artwork.title}</td>
              <td>{artwork.sizeName}</td>
              <td>{artwork.downloadable ? 'Downloadable' : 'Not downloadable'}</td>
            </tr>
          )}
        />
      </Section>
      <Section title="Mails">
        <DetailTable
          caption="Mails"
          columns={['Time', 'To', 'Subject', 'Status']}
          items={order.mails}
          empty="No mails."
          row={(mail, index) => (
            <tr key={index}>
              <td>
                <Time at={mail.at} />
              </td>
              <td>{mail.to}</td>
              <td>{mail.subject}</td>
              <td>{mail.status}</td>
            </tr>
          )}
        />
      </Section>
      <Section title="Refunds">
        <DetailTable
          caption="Refunds"
          columns={['Time', 'By', 'Amount', 'Reason', 'Items', 'Status']}
          items={order.refunds}
          empty="No refunds."
          row={(refund) => (
            <tr key={refund.id}>
              <td>
                <Time at={refund.at} />
              </td>
              <td>{refund.staff?.email ?? 'At the provider'}</td>
              <td>{formatMoney(refund.amount)}</td>
              <td>{refund.reason}</td>
              <td>{refundItems(refund)}</td>
              <td>{REFUND_STATE_LABELS[refund.status]}</td>
            </tr>
          )}
        />
      </Section>
    </>
  );
}

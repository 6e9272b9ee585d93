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
          columns={[
            ['Line', (line) => line.number],
            ['Picture', (line) => line.title],
            ['Size', (line) => line.sizeName],
            ['Licence', (line) => line.licence],
            ['Price', (line) => formatMoney(line.price)],
            [
              'Refunded',
              (line) =>
                line.refunded ? <span className="badge badge--warning">Refunded</span> : '–',
            ],
          ]}
          items={order.lines}
          empty="No pictures in this order."
          rowKey={(line) => line.number}
        />
      </Section>
      <Section title="Gift cards">
        <DetailTable
          caption="Gift cards"
          columns={[
            ['Number', (card) => card.number ?? 'Not issued yet'],
            ['Amount', (card) => formatMoney(card.amount)],
            ['State', (card) => GIFT_CARD_STATE_LABELS[card.state]],
          ]}
          items={order.giftCards}
          empty="No gift cards in this order."
          rowKey={(card) => card.id}
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
          columns={[
            ['Time', (step) => <Time at={step.at} />],
            ['Change', (step) => `${step.from ?? 'New'} → ${step.to}`],
            ['Source', (step) => step.source],
          ]}
          items={payment.history}
          empty="No change recorded."
          rowKey={(_step, index) => index}
        />
      </Section>
      <Section title="Webhook events">
        <DetailTable
          caption="Webhook events"
          columns={[
            ['Received', (event) => <Time at={event.receivedAt} />],
            ['Event', (event) => <code>{event.eventId}</code>],
            ['Kind', (event) => event.kind],
          ]}
          items={order.webhookEvents}
          empty="No webhook events."
          rowKey={(event) => event.eventId}
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
              columns={[
                ['Account', (entry) => entry.account],
                ['Side', (entry) => entry.side],
                ['Amount (EUR)', (entry) => formatMoney(entry.amount)],
                ['Original', (entry) => formatMoney(entry.original)],
              ]}
              items={posting.entries}
              empty="No entries."
              rowKey={(_entry, index) => index}
            />
          </div>
        ))}
      </Section>
      <Section title="Artworks">
        <DetailTable
          caption="Artworks"
          columns={[
            ['Line', (artwork) => artwork.lineNumber],
            ['Picture', (artwork) => artwork.title],
            ['Size', (artwork) => artwork.sizeName],
            ['Download', (artwork) => (artwork.downloadable ? 'Downloadable' : 'Not downloadable')],
          ]}
          items={order.artworks}
          empty="No artworks."
          rowKey={(artwork) => artwork.id}
        />
      </Section>
      <Section title="Mails">
        <DetailTable
          caption="Mails"
          columns={[
            ['Time', (mail) => <Time at={mail.at} />],
            ['To', (mail) => mail.to],
            ['Subject', (mail) => mail.subject],
            ['Status', (mail) => mail.status],
          ]}
          items={order.mails}
          empty="No mails."
          rowKey={(_mail, index) => index}
        />
      </Section>
      <Section title="Refunds">
        <DetailTable
          caption="Refunds"
          columns={[
            ['Time', (refund) => <Time at={refund.at} />],
            ['By', (refund) => refund.staff?.email ?? 'At the provider'],
            ['Amount', (refund) => formatMoney(refund.amount)],
            ['Reason', (refund) => refund.reason],
            ['Items', (refund) => refundItems(refund)],
            ['Status', (refund) => REFUND_STATE_LABELS[refund.status]],
          ]}
          items={order.refunds}
          empty="No refunds."
          rowKey={(refund) => refund.id}
        />
      </Section>
    </>
  );
}

import { useParams } from 'react-router';
import { Conversation, ReplyForm } from '@/components/Conversation';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/fields';
import { useStaffMe } from '../../api/sessionApi';
import { Facts } from '../../components/Facts';
import { RoleGate } from '../../components/RoleGate';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { Time } from '../../components/Time';
import { adminCustomerPath } from '../../paths';
import { Link } from 'react-router';
import { TICKET_STATUS_LABELS } from './ticketLabels';
import {
  useAnswerTicketMutation,
  useAssignTicketMutation,
  useChangeTicketStatusMutation,
  useGetTicketQuery,
  type StaffTicket,
} from './ticketsApi';

/** One ticket and its conversation, for roles that answer tickets. */
export default function TicketPage() {
  const { id } = useParams();
  return (
    <RoleGate permission="answer_tickets" title="Ticket">
      <TicketRecord id={Number(id)} />
    </RoleGate>
  );
}

function TicketRecord({ id }: { id: number }) {
  const detail = useGetTicketQuery(id);
  const [answer, answering] = useAnswerTicketMutation();
  const ticket = detail.data?.ticket;
  return (
    <Page title={ticket === undefined ? 'Ticket' : `Ticket ${ticket.reference}`}>
      {detail.isLoading && <DelayedProgress label="Loading the ticket" />}
      {detail.isError && (
        <ServerErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      )}
      {detail.data !== undefined && (
        <div className="admin-record">
          <TicketActions detail={detail.data} />
          <TicketFacts detail={detail.data} />
          <Section title="Conversation">
            <Conversation
              messages={detail.data.messages.map((message) => ({
                ...message,
                by: message.staff?.email,
              }))}
              customerLabel={detail.data.ticket.name}
              staffLabel="Support"
            />
            <ReplyForm
              allowNote
              busy={answering.isLoading}
              onSend={(reply) => answer({ id, ...reply }).unwrap()}
            />
          </Section>
        </div>
      )}
    </Page>
  );
}

function TicketFacts({ detail: { ticket } }: { detail: StaffTicket }) {
  return (
    <Section title="Ticket">
      <Facts
        facts={[
          ['Reference', ticket.reference],
          ['Type', ticket.type],
          ['Status', TICKET_STATUS_LABELS[ticket.status]],
          [
            'From',
            ticket.accountId === null ? (
              `${ticket.name} <${ticket.email}> (visitor)`
            ) : (
              <Link key="from" to={adminCustomerPath(ticket.accountId)}>
                {ticket.name} &lt;{ticket.email}&gt;
              </Link>
            ),
          ],
          ['Created', <Time key="created" at={ticket.createdAt} />],
          ['Last message', <Time key="last" at={ticket.lastMessageAt} />],
        ]}
      />
    </Section>
  );
}

/** Assign (to me or nobody; the present assignee stays a choice), close and reopen. */
function TicketActions({ detail: { ticket } }: { detail: StaffTicket }) {
  const me = useStaffMe();
  const [assign, assigning] = useAssignTicketMutation();
  const [change, changing] = useChangeTicketStatusMutation();
  const closed = ticket.status === 'closed';
  const error = assigning.error ?? changing.error;
  return (
    <div className="admin-table__actions">
      {error !== undefined && <ServerErrorAlert error={error} />}
      <SelectField
        label="Assignee"
        value={ticket.assignee === null ? '' : String(ticket.assignee.id)}
        disabled={assigning.isLoading}
        onChange={(event) => {
          const value = event.target.value;
          void assign({ id: ticket.id, staffId: value === '' ? null : Number(value) });
        }}
      >
        <option value="">Nobody</option>
        {me !== undefined && ticket.assignee?.id !== me.id && (
          <option value={me.id}>Me ({me.email})</option>
        )}
        {ticket.assignee !== null && (
          <option value={ticket.assignee.id}>{ticket.assignee.email}</option>
        )}
      </SelectField>
      <Button
        variant="outlined"
        loading={changing.isLoading}
        onClick={() => void change({ id: ticket.id, action: closed ? 'reopen' : 'close' })}
      >
        {closed ? 'Reopen' : 'Close ticket'}
      </Button>
    </div>
  );
}

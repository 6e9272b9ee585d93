import { Link } from 'react-router';
import type { FilterField } from '../../components/FilterForm';
import { ListScreen } from '../../components/ListScreen';
import { Time } from '../../components/Time';
import { adminTicketPath } from '../../paths';
import { TICKET_STATUS_LABELS, TICKET_TYPES, ticketAge } from './ticketLabels';
import {
  TICKET_FILTERS,
  useGetTicketsQuery,
  type TicketFilter,
  type TicketRow,
} from './ticketsApi';

const FILTER_FIELDS: readonly FilterField<TicketFilter>[] = [
  {
    name: 'Status',
    label: 'Status',
    choices: Object.entries(TICKET_STATUS_LABELS),
    anyLabel: 'Any status',
  },
  {
    name: 'Type',
    label: 'Type',
    choices: TICKET_TYPES.map((type) => [type, type] as const),
    anyLabel: 'Any type',
  },
  {
    name: 'Assignee',
    label: 'Assignee',
    choices: [
      ['me', 'Me'],
      ['none', 'Nobody'],
    ],
    anyLabel: 'Anyone',
  },
  { name: 'Query', label: 'Search', helperText: 'A reference (AS-7K3M-9Q2D) or an e-mail' },
];

/** The support desk's tickets, for roles that answer them. */
export default function TicketsPage() {
  return (
    <ListScreen<TicketFilter, TicketRow>
      title="Tickets"
      permission="answer_tickets"
      filters={TICKET_FILTERS}
      fields={FILTER_FIELDS}
      defaultSort="-createdAt"
      useList={useGetTicketsQuery}
      noun="tickets"
      count={(total) => (total === 1 ? '1 ticket' : `${total} tickets`)}
      empty={{
        filtered: 'No ticket matches these filters.',
        unfiltered: 'There are no tickets yet.',
      }}
      head={(sortable) => (
        <tr>
          <th scope="col">Ticket</th>
          <th scope="col">From</th>
          <th scope="col">Status</th>
          <th scope="col">Assignee</th>
          {sortable('Age', ['-createdAt', 'createdAt'])}
          {sortable('Last message', ['-lastMessageAt'])}
        </tr>
      )}
      row={(ticket) => <TicketListRow key={ticket.id} ticket={ticket} />}
    />
  );
}

function TicketListRow({ ticket }: { ticket: TicketRow }) {
  return (
    <tr>
      <td>
        <Link to={adminTicketPath(ticket.id)}>{ticket.reference}</Link>{' '}
        <span className="text-secondary">{ticket.type}</span>
      </td>
      <td>
        {ticket.name} <span className="text-secondary">{ticket.email}</span>
      </td>
      <td>{TICKET_STATUS_LABELS[ticket.status]}</td>
      <td>{ticket.assignee?.email ?? 'Nobody'}</td>
      <td>
        <time dateTime={ticket.createdAt}>{ticketAge(ticket.createdAt)}</time>
      </td>
      <td>
        <Time at={ticket.lastMessageAt} />
      </td>
    </tr>
  );
}

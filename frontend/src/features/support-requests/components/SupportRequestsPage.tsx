import { Link } from 'react-router';
import '@/components/Conversation.css';
import { DelayedProgress } from '@/components/DelayedProgress';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { formatDateTime } from '@/lib/format/date';
import { useGetSupportRequestsQuery } from '../api/supportRequestsApi';
import { STATUS_LABELS, supportRequestPath } from './labels';

/** The signed-in customer's support requests, newest first. */
export default function SupportRequestsPage() {
  const requests = useGetSupportRequestsQuery(undefined);
  const items = requests.data?.items ?? [];
  return (
    <Page title="Support requests" maxWidth="md">
      {requests.isLoading && <DelayedProgress label="Loading your support requests" />}
      {requests.isError && (
        <QueryErrorAlert error={requests.error} onRetry={() => void requests.refetch()} />
      )}
      {requests.isSuccess && items.length === 0 && (
        <EmptyState
          message="You have not written to support yet."
          action={{ to: '/contact', label: 'Contact support' }}
        />
      )}
      {items.length > 0 && (
        <ul className="support-requests">
          {items.map((ticket) => (
            <li key={ticket.id} className="card card--padded">
              <Link to={supportRequestPath(ticket.id)}>{ticket.reference}</Link> · {ticket.type} ·{' '}
              {STATUS_LABELS[ticket.status]}
              <br />
              <span className="text-secondary">
                Last message{' '}
                <time dateTime={ticket.lastMessageAt}>{formatDateTime(ticket.lastMessageAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

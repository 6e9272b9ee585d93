import { useParams, useSearchParams } from 'react-router';
import { Conversation, ReplyForm } from '@/components/Conversation';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Alert } from '@/components/ui/Alert';
import { isApiError } from '@/lib/api/apiError';
import {
  useAnswerSupportRequestMutation,
  useGetSupportRequestQuery,
  type TicketAccess,
} from '../api/supportRequestsApi';
import { STATUS_LABELS } from './labels';

/** A signed-in customer's own request, under their account. */
export default function SupportRequestPage() {
  const { id } = useParams();
  return <TicketConversation access={{ id: Number(id) }} notFound="No such support request." />;
}

/** A visitor's request, opened from the link of a reply mail: no sign-in, the token is the key. */
export function VisitorTicketPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return (
    <TicketConversation
      access={{ id: Number(id), token: params.get('t') ?? '' }}
      notFound="This link has expired or is not valid."
    />
  );
}

/** The conversation and the reply box; `notFound` is what a 404 means to this reader. */
function TicketConversation({ access, notFound }: { access: TicketAccess; notFound: string }) {
  const ticket = useGetSupportRequestQuery(access);
  const [answer, answering] = useAnswerSupportRequestMutation();
  const missing = ticket.isError && isApiError(ticket.error) && ticket.error.status === 404;
  return (
    <Page
      title={ticket.data === undefined ? 'Support request' : `Request ${ticket.data.reference}`}
      maxWidth="md"
    >
      {ticket.isLoading && <DelayedProgress label="Loading the conversation" />}
      {ticket.isError &&
        (missing ? (
          <Alert severity="error">{notFound}</Alert>
        ) : (
          <QueryErrorAlert error={ticket.error} onRetry={() => void ticket.refetch()} />
        ))}
      {ticket.data !== undefined && (
        <>
          <p>
            {ticket.data.type} · {STATUS_LABELS[ticket.data.status]}
          </p>
          <Conversation
            messages={ticket.data.messages ?? []}
            customerLabel="You"
            staffLabel="Artshop support"
          />
          <ReplyForm
            busy={answering.isLoading}
            onSend={({ body }) => answer({ ...access, body }).unwrap()}
          />
        </>
      )}
    </Page>
  );
}

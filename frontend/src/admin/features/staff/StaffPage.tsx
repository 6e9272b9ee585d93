import { useState } from 'react';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/lib/format/date';
import { ROLE_LABELS, type StaffMember, type StaffStatus } from '../../api/types';
import { RoleGate } from '../../components/RoleGate';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { useGetStaffQuery } from './staffApi';
import { ChangeRoleDialog, InviteDialog, NewSetupLinkDialog, SuspendDialog } from './staffDialogs';

const STATUS_LOOKS: Record<StaffStatus, { label: string; badge: string }> = {
  invited: { label: 'Invited', badge: 'badge' },
  active: { label: 'Active', badge: 'badge badge--success' },
  suspended: { label: 'Suspended', badge: 'badge badge--error' },
};

type Question =
  { kind: 'invite' } | { kind: 'role' | 'suspension' | 'setup-link'; member: StaffMember };

/** The staff list, for roles that manage staff. */
export default function StaffPage() {
  return (
    <RoleGate permission="manage_staff" title="Staff">
      <StaffList />
    </RoleGate>
  );
}

function StaffList() {
  const staff = useGetStaffQuery(undefined);
  const [question, setQuestion] = useState<Question | null>(null);
  const close = () => setQuestion(null);
  return (
    <Page title="Staff">
      <p className="mb-3">
        <Button variant="contained" onClick={() => setQuestion({ kind: 'invite' })}>
          Invite
        </Button>
      </p>
      {staff.isLoading && <DelayedProgress label="Loading the staff" />}
      {staff.isError && (
        <ServerErrorAlert error={staff.error} onRetry={() => void staff.refetch()} />
      )}
      {staff.data !== undefined && (
        <div className="card admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Staff members</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.data.items.map((member) => (
                <StaffRow key={member.id} member={member} ask={setQuestion} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {question?.kind === 'invite' && <InviteDialog onClose={close} />}
      {question?.kind === 'role' && <ChangeRoleDialog member={question.member} onClose={close} />}
      {question?.kind === 'suspension' && (
        <SuspendDialog member={question.member} onClose={close} />
      )}
      {question?.kind === 'setup-link' && (
        <NewSetupLinkDialog member={question.member} onClose={close} />
      )}
    </Page>
  );
}

function StaffRow({ member, ask }: { member: StaffMember; ask: (question: Question) => void }) {
  const status = STATUS_LOOKS[member.status];
  const action = (kind: 'role' | 'suspension' | 'setup-link', label: string) => (
    <Button
      variant="outlined"
      size="small"
      // The words on the button, then whom it is for: the row's buttons differ by their member.
      aria-label={`${label}: ${member.email}`}
      onClick={() => ask({ kind, member })}
    >
      {label}
    </Button>
  );
  return (
    <tr>
      <th scope="row">{member.email}</th>
      <td>{ROLE_LABELS[member.role]}</td>
      <td>
        <span className={status.badge}>{status.label}</span>
      </td>
      <td>
        {member.lastSignInAt === null ? (
          'Never'
        ) : (
          <time dateTime={member.lastSignInAt}>{formatDateTime(member.lastSignInAt)}</time>
        )}
      </td>
      <td>
        <div className="admin-table__actions">
          {action('role', 'Change role')}
          {action('suspension', member.status === 'suspended' ? 'Unsuspend' : 'Suspend')}
          {action('setup-link', 'New set-up link')}
        </div>
      </td>
    </tr>
  );
}

import { useState } from 'react';
import { useAccountForm, type TextFieldBinding } from '@/components/form/useAccountForm';
import { SelectField, TextField } from '@/components/ui/fields';
import { ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '../../api/types';
import { SetupLinkMade } from './SetupLinkMade';
import { ActionDialog } from '../../components/ActionDialog';
import {
  useChangeStaffMutation,
  useInviteStaffMutation,
  useNewSetupLinkMutation,
} from './staffApi';

/** The role select of the invitation and of a role change. */
function RoleSelect(binding: TextFieldBinding) {
  return (
    <SelectField label="Role" {...binding}>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}

/** Inviting someone: their e-mail and role, then the set-up link to send them. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const form = useAccountForm({ email: '', role: 'support' });
  const [invite, { isLoading }] = useInviteStaffMutation();
  const [made, setMade] = useState<{ email: string; link: string } | null>(null);
  const submit = async () => {
    try {
      const { staff, setupLink } = await invite({
        email: form.values.email,
        role: form.values.role as StaffRole,
      }).unwrap();
      setMade({ email: staff.email, link: setupLink });
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title="Invite a staff member"
      onClose={onClose}
      confirmLabel="Invite"
      onConfirm={submit}
      busy={isLoading}
      form={form}
      done={made === null ? undefined : <SetupLinkMade email={made.email} link={made.link} />}
    >
      <TextField label="E-mail" type="email" autoComplete="off" {...form.textField('email')} />
      <RoleSelect {...form.textField('role')} />
    </ActionDialog>
  );
}

/** A new role for a member; their sessions end at once on the server. */
export function ChangeRoleDialog({
  member,
  onClose,
}: {
  member: StaffMember;
  onClose: () => void;
}) {
  const form = useAccountForm({ role: member.role });
  const [change, { isLoading }] = useChangeStaffMutation();
  const submit = async () => {
    try {
      await change({ id: member.id, role: form.values.role as StaffRole }).unwrap();
      onClose();
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title={`Change the role of ${member.email}`}
      onClose={onClose}
      confirmLabel="Change role"
      onConfirm={submit}
      busy={isLoading}
      form={form}
      confirmDisabled={form.values.role === member.role}
    >
      <RoleSelect {...form.textField('role')} />
      <p>They are signed out of the back office at once and sign in again with the new role.</p>
    </ActionDialog>
  );
}

/** Suspending (or letting back) a member, named in the question. */
export function SuspendDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const form = useAccountForm({});
  const [change, { isLoading }] = useChangeStaffMutation();
  const suspending = member.status !== 'suspended';
  const submit = async () => {
    try {
      await change({ id: member.id, suspended: suspending }).unwrap();
      onClose();
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title={suspending ? `Suspend ${member.email}?` : `Unsuspend ${member.email}?`}
      onClose={onClose}
      confirmLabel={suspending ? 'Suspend' : 'Unsuspend'}
      onConfirm={submit}
      busy={isLoading}
      form={form}
    >
      <p>
        {suspending
          ? 'They are signed out of the back office at once and cannot sign in to it until they are unsuspended. Their shop account is not touched.'
          : 'They can sign in to the back office again with their password and authenticator app.'}
      </p>
    </ActionDialog>
  );
}

/** A new set-up link for a member: their authenticator, recovery codes and sessions are dropped. */
export function NewSetupLinkDialog({
  member,
  onClose,
}: {
  member: StaffMember;
  onClose: () => void;
}) {
  const form = useAccountForm({});
  const [makeLink, { isLoading }] = useNewSetupLinkMutation();
  const [link, setLink] = useState<string | null>(null);
  const submit = async () => {
    try {
      setLink((await makeLink(member.id).unwrap()).setupLink);
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title={`New set-up link for ${member.email}?`}
      onClose={onClose}
      confirmLabel="Make a new link"
      onConfirm={submit}
      busy={isLoading}
      form={form}
      done={link === null ? undefined : <SetupLinkMade email={member.email} link={link} />}
    >
      <p>
        Their authenticator app and recovery codes stop working and they are signed out of the back
        office at once. They set up a new authenticator with the new link; an older link stops
        working.
      </p>
    </ActionDialog>
  );
}

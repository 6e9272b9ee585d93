import type { ReactNode } from 'react';
import { Page } from '@/components/Page';
import { Alert } from '@/components/ui/Alert';
import { useStaffMe } from '../api/sessionApi';
import { ROLE_REFUSED } from '../api/staffBaseQuery';
import type { StaffPermission } from '../api/types';

interface RoleGateProps {
  permission: StaffPermission;
  /** The screen's title, kept when the role does not permit it. */
  title: string;
  children: ReactNode;
}

/**
 * A screen for the roles that have its permission; the others see the server's own refusal under
 * the screen's title, without a call that would only be refused.
 */
export function RoleGate({ permission, title, children }: RoleGateProps) {
  const me = useStaffMe();
  if (me === undefined) return null;
  if (!me.permissions.includes(permission)) {
    return (
      <Page title={title}>
        <Alert severity="error">{ROLE_REFUSED}</Alert>
      </Page>
    );
  }
  return children;
}

import { Page } from '@/components/Page';
import { formatDateTime } from '@/lib/format/date';
import type { AuditRecord } from '../../api/types';
import { FilterForm, type FilterField } from '../../components/FilterForm';
import { ListView } from '../../components/ListView';
import { useListAddress } from '../../components/listAddress';
import { RoleGate } from '../../components/RoleGate';
import { AUDIT_ACTIONS, AUDIT_FILTERS, useGetAuditQuery, type AuditFilter } from './auditApi';

/** The audit trail, for roles that may read it. */
export default function AuditPage() {
  return (
    <RoleGate permission="view_audit" title="Audit trail">
      <AuditTrail />
    </RoleGate>
  );
}

const FILTER_FIELDS: readonly FilterField<AuditFilter>[] = [
  { name: 'Actor', label: 'Actor', type: 'email', helperText: "A staff member's e-mail" },
  {
    name: 'Action',
    label: 'Action',
    choices: AUDIT_ACTIONS.map((action) => [action, action] as const),
    anyLabel: 'Any action',
  },
  { name: 'From', label: 'From', type: 'date', helperText: 'First day, UTC' },
  { name: 'To', label: 'To', type: 'date', helperText: 'Last day, UTC' },
];

/**
 * The filters and the page live in the address (Actor, Action, From, To, Page, as the API names
 * them), so that a link shares them and a reload keeps them; the server pages the records.
 */
function AuditTrail() {
  const list = useListAddress(AUDIT_FILTERS);
  const audit = useGetAuditQuery(list.request);
  return (
    <Page title="Audit trail">
      {/* A new address from elsewhere (back, a link) starts the form from what it says. */}
      <FilterForm
        key={list.addressKey}
        fields={FILTER_FIELDS}
        applied={list.request.filters}
        onApply={(filters) => list.show({ filters })}
      />
      <ListView
        query={audit}
        noun="audit trail"
        count={(total) => `${total === 1 ? '1 record' : `${total} records`}, newest first`}
        empty={{
          filtered: 'Nothing in the audit trail matches these filters.',
          unfiltered: 'The audit trail is empty.',
        }}
        filtered={list.filtered}
        head={
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Address</th>
            <th scope="col">Action</th>
            <th scope="col">Object</th>
            <th scope="col">Before → after</th>
          </tr>
        }
        row={(record) => <AuditRow key={record.id} record={record} />}
        page={list.request.page}
        onPage={(page) => list.show({ page })}
      />
    </Page>
  );
}

function AuditRow({ record }: { record: AuditRecord }) {
  return (
    <tr>
      <td>
        <time dateTime={record.at}>{formatDateTime(record.at)}</time>
      </td>
      <td>{record.actor?.email ?? 'None'}</td>
      <td>{record.address}</td>
      <td>
        <code>{record.action}</code>
      </td>
      <td>{record.object}</td>
      <td>
        <Change before={record.before} after={record.after} />
      </td>
    </tr>
  );
}

const shown = (value: unknown) =>
  value === undefined || value === null
    ? '–'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** The values a record changed, one line each: "role: support → catalogue". */
function Change({ before, after }: Pick<AuditRecord, 'before' | 'after'>) {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return null;
  return (
    <ul className="plain-list">
      {names.map((name) => (
        <li key={name}>
          {name}: {before === null ? '' : `${shown(before[name])} → `}
          {after === null ? '–' : shown(after[name])}
        </li>
      ))}
    </ul>
  );
}

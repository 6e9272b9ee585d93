import type { AuditRecord } from '../../api/types';
import type { FilterField } from '../../components/FilterForm';
import { ListScreen } from '../../components/ListScreen';
import { Time } from '../../components/Time';
import { AUDIT_ACTIONS, AUDIT_FILTERS, useGetAuditQuery, type AuditFilter } from './auditApi';

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

/** The audit trail, newest first, for roles that may read it. */
export default function AuditPage() {
  return (
    <ListScreen<AuditFilter, AuditRecord>
      title="Audit trail"
      permission="view_audit"
      filters={AUDIT_FILTERS}
      fields={FILTER_FIELDS}
      useList={useGetAuditQuery}
      noun="audit trail"
      count={(total) => `${total === 1 ? '1 record' : `${total} records`}, newest first`}
      empty={{
        filtered: 'Nothing in the audit trail matches these filters.',
        unfiltered: 'The audit trail is empty.',
      }}
      head={() => (
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Actor</th>
          <th scope="col">Address</th>
          <th scope="col">Action</th>
          <th scope="col">Object</th>
          <th scope="col">Before → after</th>
        </tr>
      )}
      row={(record) => <AuditRow key={record.id} record={record} />}
    />
  );
}

function AuditRow({ record }: { record: AuditRecord }) {
  return (
    <tr>
      <td>
        <Time at={record.at} />
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

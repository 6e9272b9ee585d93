import { useSearchParams } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { Pagination } from '@/components/ui/Pagination';
import { idParam } from '@/lib/browser/searchParams';
import { formatDateTime } from '@/lib/format/date';
import type { AuditRecord } from '../../api/types';
import { RoleGate } from '../../components/RoleGate';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { AuditFilterForm } from './AuditFilterForm';
import { AUDIT_FILTERS, useGetAuditQuery, type AuditFilters } from './auditApi';

/** The audit trail, for roles that may read it. */
export default function AuditPage() {
  return (
    <RoleGate permission="view_audit" title="Audit trail">
      <AuditTrail />
    </RoleGate>
  );
}

function filtersOf(params: URLSearchParams): AuditFilters {
  const value = (name: keyof AuditFilters) => params.get(name) ?? '';
  return { Actor: value('Actor'), Action: value('Action'), From: value('From'), To: value('To') };
}

/**
 * The filters and the page live in the address (Actor, Action, From, To, Page, as the API names
 * them), so that a link shares them and a reload keeps them; the server pages the records.
 */
function AuditTrail() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = idParam(params, 'Page') ?? 1;
  const audit = useGetAuditQuery({ ...filters, page });

  const show = (next: AuditFilters, nextPage = 1) => {
    const address = new URLSearchParams();
    for (const name of AUDIT_FILTERS) if (next[name] !== '') address.set(name, next[name]);
    if (nextPage > 1) address.set('Page', String(nextPage));
    setParams(address);
  };

  const filtered = AUDIT_FILTERS.some((name) => filters[name] !== '');
  const pages = audit.data === undefined ? 0 : Math.ceil(audit.data.total / audit.data.pageSize);
  return (
    <Page title="Audit trail">
      {/* A new address from elsewhere (back, a link) starts the form from what it says. */}
      <AuditFilterForm key={params.toString()} applied={filters} onApply={(next) => show(next)} />
      {audit.isFetching && <DelayedProgress label="Loading the audit trail" />}
      {audit.isError && (
        <ServerErrorAlert error={audit.error} onRetry={() => void audit.refetch()} />
      )}
      {audit.data?.items.length === 0 && (
        <EmptyState
          message={
            filtered
              ? 'Nothing in the audit trail matches these filters.'
              : 'The audit trail is empty.'
          }
        />
      )}
      {audit.data !== undefined && audit.data.items.length > 0 && (
        <>
          <p className="text-secondary mb-1" role="status">
            {audit.data.total === 1 ? '1 record' : `${audit.data.total} records`}, newest first
          </p>
          <div className="card admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Audit records</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Actor</th>
                  <th scope="col">Address</th>
                  <th scope="col">Action</th>
                  <th scope="col">Object</th>
                  <th scope="col">Before → after</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((record) => (
                  <AuditRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 && (
        <Pagination
          label="Audit trail pages"
          count={pages}
          page={page}
          onChange={(next) => show(filters, next)}
        />
      )}
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

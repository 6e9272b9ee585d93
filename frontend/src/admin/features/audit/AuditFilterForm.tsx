import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/fields';
import { AUDIT_ACTIONS, type AuditFilter, type AuditFilters } from './auditApi';

interface AuditFilterFormProps {
  /** The filters in effect (the page's address). */
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** The audit trail's filters: edited here, in effect once applied (written to the address). */
export function AuditFilterForm({ applied, onApply }: AuditFilterFormProps) {
  const [filters, setFilters] = useState(applied);
  const bind = (name: AuditFilter) => ({
    name,
    value: filters[name],
    onChange: (event: { target: { value: string } }) =>
      setFilters((current) => ({ ...current, [name]: event.target.value })),
  });
  // An action named by an address from elsewhere stays choosable, so that the select shows it.
  const actions: readonly string[] =
    applied.Action === '' || (AUDIT_ACTIONS as readonly string[]).includes(applied.Action)
      ? AUDIT_ACTIONS
      : [...AUDIT_ACTIONS, applied.Action];
  const empty: AuditFilters = { Actor: '', Action: '', From: '', To: '' };
  return (
    <form
      className="admin-filters"
      aria-label="Filters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...filters, Actor: filters.Actor.trim() });
      }}
    >
      <TextField
        label="Actor"
        type="email"
        helperText="A staff member's e-mail"
        {...bind('Actor')}
      />
      <SelectField label="Action" {...bind('Action')}>
        <option value="">Any action</option>
        {actions.map((action) => (
          <option key={action} value={action}>
            {action}
          </option>
        ))}
      </SelectField>
      <TextField label="From" type="date" helperText="First day, UTC" {...bind('From')} />
      <TextField label="To" type="date" helperText="Last day, UTC" {...bind('To')} />
      <div className="admin-table__actions">
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button
          onClick={() => {
            setFilters(empty);
            onApply(empty);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

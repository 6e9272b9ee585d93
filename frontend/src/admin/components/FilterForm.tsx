import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { buttonClass } from '@/components/ui/buttonClass';
import { SelectField, TextField } from '@/components/ui/fields';
import type { Filters } from './listAddress';

/** One filter of a list: a text, e-mail, date or amount field, or a select of `choices`. */
export interface FilterField<Name extends string> {
  name: Name;
  label: string;
  type?: 'text' | 'email' | 'date';
  helperText?: string;
  /** A select: the value and the words of each choice, after `anyLabel` (""). */
  choices?: readonly (readonly [value: string, label: string])[];
  anyLabel?: string;
  inputMode?: 'decimal' | 'numeric';
}

interface FilterFormProps<Name extends string> {
  fields: readonly FilterField<Name>[];
  /** The filters in effect (the page's address). */
  applied: Filters<Name>;
  onApply: (filters: Filters<Name>) => void;
}

/**
 * A list's filters: edited here, in effect once applied (written to the address); "Reset
 * filters" is a link to the list without any.
 */
export function FilterForm<Name extends string>({
  fields,
  applied,
  onApply,
}: FilterFormProps<Name>) {
  const [filters, setFilters] = useState(applied);
  const { pathname } = useLocation();
  const bind = (name: Name) => ({
    name,
    value: filters[name],
    onChange: (event: { target: { value: string } }) =>
      setFilters((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form
      className="admin-filters"
      aria-label="Filters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = Object.fromEntries(
          Object.entries<string>(filters).map(([name, value]) => [name, value.trim()]),
        ) as Filters<Name>;
        onApply(trimmed);
      }}
    >
      {fields.map((field) =>
        field.choices === undefined ? (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type ?? 'text'}
            inputMode={field.inputMode}
            helperText={field.helperText}
            {...bind(field.name)}
          />
        ) : (
          <SelectField key={field.name} label={field.label} {...bind(field.name)}>
            <option value="">{field.anyLabel ?? 'Any'}</option>
            {withApplied(field.choices, applied[field.name]).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        ),
      )}
      <div className="admin-table__actions">
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Link to={pathname} className={buttonClass({})}>
          Reset filters
        </Link>
      </div>
    </form>
  );
}

/** A value named by an address from elsewhere stays choosable, so that the select shows it. */
function withApplied(
  choices: readonly (readonly [string, string])[],
  applied: string,
): readonly (readonly [string, string])[] {
  return applied === '' || choices.some(([value]) => value === applied)
    ? choices
    : [...choices, [applied, applied]];
}

import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Currency } from '@/config/constants';
import {
  hasErrors,
  SORT_LABELS,
  STYLE_LABELS,
  validatePriceRange,
  type PriceRangeErrors,
} from '../filters';
import {
  ORIENTATIONS,
  SORTS,
  STYLES,
  type Category,
  type OfferFilters,
  type Orientation,
  type Style,
} from '../types';

const ANY = '';
/** The "any" choice has the empty value; it is shown (with the label above it) rather than blank. */
const SHOW_EMPTY_CHOICE = {
  select: { displayEmpty: true },
  inputLabel: { shrink: true },
} as const;

interface FilterBarProps {
  filters: OfferFilters;
  categories: readonly Category[];
  currency: Currency;
  /** What is wrong with the price range in the address, if anything. */
  addressErrors: PriceRangeErrors;
  onFiltersChange: (filters: OfferFilters) => void;
  onCategoryChange: (urlName: string | undefined) => void;
  /** Where "Reset filters" leads. */
  resetPath: string;
}

interface TypedFields {
  from: string;
  to: string;
  search: string;
}

function typedFields(filters: OfferFilters): TypedFields {
  return { from: filters.from ?? '', to: filters.to ?? '', search: filters.search ?? '' };
}

function sameFields(a: TypedFields, b: TypedFields): boolean {
  return a.from === b.from && a.to === b.to && a.search === b.search;
}

/**
 * The gallery's filters. Choices apply at once; the price range and the search apply on Enter or
 * "Apply", once the range is valid.
 */
export function FilterBar({
  filters,
  categories,
  currency,
  addressErrors,
  onFiltersChange,
  onCategoryChange,
  resetPath,
}: FilterBarProps) {
  const fromAddress = typedFields(filters);
  const [typed, setTyped] = useState(fromAddress);
  const [shownAddress, setShownAddress] = useState(fromAddress);
  const [submitErrors, setSubmitErrors] = useState<PriceRangeErrors | null>(null);
  // Back/forward or a reset changes the address: what is typed follows it.
  if (!sameFields(shownAddress, fromAddress)) {
    setShownAddress(fromAddress);
    setTyped(fromAddress);
    setSubmitErrors(null);
  }
  const errors = submitErrors ?? addressErrors;

  const edit = (field: keyof TypedFields) => (value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
    if (field !== 'search') {
      setSubmitErrors((current) =>
        current === null ? current : { ...current, [field]: undefined },
      );
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePriceRange(typed, currency);
    setSubmitErrors(found);
    if (hasErrors(found)) return;
    onFiltersChange({ ...filters, ...typed });
  };

  return (
    <Grid
      container
      component="form"
      role="search"
      aria-label="Filter pictures"
      spacing={2}
      onSubmit={submit}
      noValidate
      sx={{ mb: 3, alignItems: 'flex-start' }}
    >
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          select
          fullWidth
          size="small"
          label="Category"
          slotProps={SHOW_EMPTY_CHOICE}
          value={
            categories.some((category) => category.urlName === filters.category)
              ? filters.category
              : ANY
          }
          onChange={(event) => onCategoryChange(event.target.value || undefined)}
        >
          <MenuItem value={ANY}>All categories</MenuItem>
          {categories.map((category) => (
            <MenuItem key={category.urlName} value={category.urlName}>
              {category.title}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <ChoiceField<Orientation>
          label="Orientation"
          anyLabel="Any orientation"
          choices={ORIENTATIONS}
          value={filters.orientation}
          onChange={(orientation) => onFiltersChange({ ...filters, orientation })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <ChoiceField<Style>
          label="Style"
          anyLabel="Any style"
          choices={STYLES}
          labels={STYLE_LABELS}
          value={filters.style}
          onChange={(style) => onFiltersChange({ ...filters, style })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          select
          fullWidth
          size="small"
          label="Sort by"
          value={filters.sort}
          onChange={(event) => {
            const sort = SORTS.find((choice) => choice === event.target.value);
            if (sort !== undefined) onFiltersChange({ ...filters, sort });
          }}
        >
          {SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <PriceField
          label="Price from"
          currency={currency}
          value={typed.from}
          error={errors.from}
          onChange={edit('from')}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <PriceField
          label="Price to"
          currency={currency}
          value={typed.to}
          error={errors.to}
          onChange={edit('to')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label="Search"
          placeholder="Title or tag"
          value={typed.search}
          onChange={(event) => edit('search')(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 'auto' }} sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Apply
        </Button>
        <Button component={RouterLink} to={resetPath}>
          Reset filters
        </Button>
      </Grid>
    </Grid>
  );
}

interface PriceFieldProps {
  label: string;
  currency: Currency;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One end of the price range, typed in the display currency. */
function PriceField({ label, currency, value, error, onChange }: PriceFieldProps) {
  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
        htmlInput: { inputMode: currency === 'JPY' ? 'numeric' : 'decimal' },
      }}
    />
  );
}

interface ChoiceFieldProps<T extends string> {
  label: string;
  anyLabel: string;
  choices: readonly T[];
  labels?: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}

function ChoiceField<T extends string>({
  label,
  anyLabel,
  choices,
  labels,
  value,
  onChange,
}: ChoiceFieldProps<T>) {
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value ?? ANY}
      slotProps={SHOW_EMPTY_CHOICE}
      onChange={(event) => onChange(choices.find((choice) => choice === event.target.value))}
    >
      <MenuItem value={ANY}>{anyLabel}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {labels?.[choice] ?? choice}
        </MenuItem>
      ))}
    </TextField>
  );
}

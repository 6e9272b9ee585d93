import { useState, type SubmitEvent } from 'react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { buttonClass } from '@/components/ui/buttonClass';
import { SelectField, TextField } from '@/components/ui/fields';
import type { Currency } from '@/config/constants';
import { formatMoney } from '@/lib/money/money';
import {
  defaultSort,
  hasErrors,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  STYLE_LABELS,
  validatePriceRange,
  type PriceRangeErrors,
} from '../filters';
import {
  ORIENTATIONS,
  SEARCH_SORT,
  SORTS,
  STYLES,
  type Category,
  type FacetCount,
  type OfferFacets,
  type OfferFilters,
  type Orientation,
  type PriceBand,
  type Style,
} from '../types';
import './GalleryPage.css';

/** The "any" choice has the empty value; it is shown (with the label above it) rather than blank. */
const ANY = '';

export interface FilterBarProps {
  filters: OfferFilters;
  categories: readonly Category[];
  currency: Currency;
  /** What is wrong with the price range in the address, if anything. */
  addressErrors: PriceRangeErrors;
  onFiltersChange: (filters: OfferFilters) => void;
  onCategoryChange: (urlName: string | undefined) => void;
  /** Where "Reset filters" leads. */
  resetPath: string;
  /** How many pictures each choice would show, once the list has answered. */
  facets?: OfferFacets;
  /** The server's objection to the search, if any. */
  searchError?: string;
}

interface FilterFormProps extends FilterBarProps {
  /** False where the sort is shown elsewhere (above the pictures on a phone). */
  showSort?: boolean;
  /** After the typed price range and search were applied. */
  onApplied?: () => void;
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
 * "Apply", once the range is valid. The kit's fields (components/ui/fields.tsx): native selects
 * and inputs, light enough for the gallery's first screen.
 */
export function FilterBar({
  filters,
  categories,
  currency,
  addressErrors,
  onFiltersChange,
  onCategoryChange,
  resetPath,
  showSort = true,
  onApplied,
  facets,
  searchError,
}: FilterFormProps) {
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
    // A new search is sorted by relevance; clearing it, newest first.
    const search = typed.search.trim() === '' ? undefined : typed.search.trim();
    const sort = search === filters.search ? filters.sort : defaultSort(search);
    onFiltersChange({ ...filters, ...typed, search, sort });
    onApplied?.();
  };

  return (
    <form
      role="search"
      aria-label="Filter pictures"
      className="grid filter-bar"
      onSubmit={submit}
      noValidate
    >
      <div className="filter-bar__choice">
        <SelectField
          label="Category"
          value={
            categories.some((category) => category.urlName === filters.category)
              ? (filters.category ?? ANY)
              : ANY
          }
          onChange={(event) => onCategoryChange(event.target.value || undefined)}
        >
          <option value={ANY}>All categories</option>
          {categories.map((category) => (
            <option key={category.urlName} value={category.urlName}>
              {withCount(category.title, facets?.categories, category.urlName)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="filter-bar__choice">
        <ChoiceField<Orientation>
          label="Orientation"
          anyLabel="Any orientation"
          choices={ORIENTATIONS}
          value={filters.orientation}
          counts={facets?.orientations}
          onChange={(orientation) => onFiltersChange({ ...filters, orientation })}
        />
      </div>
      <div className="filter-bar__choice">
        <ChoiceField<Style>
          label="Style"
          anyLabel="Any style"
          choices={STYLES}
          labels={STYLE_LABELS}
          value={filters.style}
          counts={facets?.styles}
          onChange={(style) => onFiltersChange({ ...filters, style })}
        />
      </div>
      {facets !== undefined && facets.prices.length > 0 && (
        <div className="filter-bar__choice">
          <PriceBandField
            bands={facets.prices}
            filters={filters}
            onChange={(range) => onFiltersChange({ ...filters, ...range })}
          />
        </div>
      )}
      {showSort && (
        <div className="filter-bar__choice">
          <SortField filters={filters} onFiltersChange={onFiltersChange} />
        </div>
      )}
      <div className="filter-bar__price">
        <PriceField
          label="Price from"
          currency={currency}
          value={typed.from}
          error={errors.from}
          onChange={edit('from')}
        />
      </div>
      <div className="filter-bar__price">
        <PriceField
          label="Price to"
          currency={currency}
          value={typed.to}
          error={errors.to}
          onChange={edit('to')}
        />
      </div>
      <div className="filter-bar__search">
        <TextField
          type="search"
          label="Search"
          placeholder="Title or tag"
          value={typed.search}
          onChange={(event) => edit('search')(event.target.value)}
          maxLength={SEARCH_MAX_LENGTH}
          error={searchError !== undefined && typed.search === fromAddress.search}
          helperText={typed.search === fromAddress.search ? searchError : undefined}
        />
      </div>
      <div className="filter-bar__actions">
        <button type="submit" className={buttonClass({ variant: 'contained' })}>
          Apply
        </button>
        <ButtonLink to={resetPath}>Reset filters</ButtonLink>
      </div>
    </form>
  );
}

/** The order of the pictures: applies at once. */
export function SortField({
  filters,
  onFiltersChange,
}: Pick<FilterBarProps, 'filters' | 'onFiltersChange'>) {
  return (
    <SelectField
      label="Sort by"
      value={filters.sort}
      onChange={(event) => {
        const sort = SORTS.find((choice) => choice === event.target.value);
        if (sort !== undefined) onFiltersChange({ ...filters, sort });
      }}
    >
      {SORTS.filter((sort) => sort !== SEARCH_SORT || filters.search !== undefined).map((sort) => (
        <option key={sort} value={sort}>
          {SORT_LABELS[sort]}
        </option>
      ))}
    </SelectField>
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
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      endAdornment={<p className="type-body1">{currency}</p>}
      inputMode={currency === 'JPY' ? 'numeric' : 'decimal'}
    />
  );
}

interface ChoiceFieldProps<T extends string> {
  label: string;
  anyLabel: string;
  choices: readonly T[];
  labels?: Record<T, string>;
  value: T | undefined;
  counts?: readonly FacetCount<T>[];
  onChange: (value: T | undefined) => void;
}

function ChoiceField<T extends string>({
  label,
  anyLabel,
  choices,
  labels,
  value,
  counts,
  onChange,
}: ChoiceFieldProps<T>) {
  return (
    <SelectField
      label={label}
      value={value ?? ANY}
      onChange={(event) => onChange(choices.find((choice) => choice === event.target.value))}
    >
      <option value={ANY}>{anyLabel}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {withCount(labels?.[choice] ?? choice, counts, choice)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A choice's label with the number of pictures it would show ("Anime (12)"); a choice the counts
 * leave out would show none. No number before the list has answered.
 */
function withCount<T extends string>(
  label: string,
  counts: readonly FacetCount<T>[] | undefined,
  value: T,
): string {
  if (counts === undefined) return label;
  return `${label} (${counts.find((entry) => entry.value === value)?.count ?? 0})`;
}

const CUSTOM_RANGE = 'custom';

function bandLabel({ from, to, count }: PriceBand): string {
  const range =
    to === null ? `${formatMoney(from)} and more` : `${formatMoney(from)} to ${formatMoney(to)}`;
  return `${range} (${count})`;
}

interface PriceBandFieldProps {
  bands: readonly PriceBand[];
  filters: OfferFilters;
  onChange: (range: { from?: string; to?: string }) => void;
}

/**
 * The price bands of the answer, each with its count: choosing one sets the price range to its
 * bounds (amounts the server gave in the display currency, used verbatim).
 */
function PriceBandField({ bands, filters, onChange }: PriceBandFieldProps) {
  const chosen = bands.findIndex(
    (band) => band.from.amount === filters.from && (band.to?.amount ?? undefined) === filters.to,
  );
  const typedRange = filters.from !== undefined || filters.to !== undefined;
  return (
    <SelectField
      label="Price"
      value={chosen >= 0 ? String(chosen) : typedRange ? CUSTOM_RANGE : ANY}
      onChange={(event) => {
        const band = bands[Number(event.target.value)];
        onChange(
          event.target.value === ANY || band === undefined
            ? { from: undefined, to: undefined }
            : { from: band.from.amount, to: band.to?.amount },
        );
      }}
    >
      <option value={ANY}>Any price</option>
      {bands.map((band, index) => (
        <option key={band.from.amount} value={String(index)}>
          {bandLabel(band)}
        </option>
      ))}
      {chosen < 0 && typedRange && (
        <option value={CUSTOM_RANGE} disabled>
          Custom range
        </option>
      )}
    </SelectField>
  );
}

import { lazy, useState } from 'react';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';
import { RemovableChip } from '@/components/RemovableChip';
import { TuneIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/buttonClass';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { STYLE_LABELS } from '../filters';
import type { OfferFilters } from '../types';
import { FilterBar, SortField, type FilterBarProps } from './FilterBar';
import './GalleryPage.css';

// The sheet (the kit's dialog) is loaded when first opened: the gallery is part of the first script.
const Sheet = lazy(() =>
  import('@/components/Sheet').then((module) => ({ default: module.Sheet })),
);

/** Below 600 px, where the filter bar takes a whole column of fields. */
const PHONE = '(max-width: 599.95px)';

interface ActiveFilter {
  label: string;
  remove: () => void;
}

/** Each filter in effect, named, with what takes it away. */
function activeFilters({
  filters,
  categories,
  currency,
  onFiltersChange,
  onCategoryChange,
}: FilterBarProps): ActiveFilter[] {
  const change = (removed: Partial<OfferFilters>) => () =>
    onFiltersChange({ ...filters, ...removed });
  const category = categories.find((candidate) => candidate.urlName === filters.category);
  const active: (ActiveFilter | false)[] = [
    category !== undefined && {
      label: `Category: ${category.title}`,
      remove: () => onCategoryChange(undefined),
    },
    filters.orientation !== undefined && {
      label: `Orientation: ${filters.orientation}`,
      remove: change({ orientation: undefined }),
    },
    filters.style !== undefined && {
      label: `Style: ${STYLE_LABELS[filters.style]}`,
      remove: change({ style: undefined }),
    },
    filters.from !== undefined && {
      label: `From ${filters.from} ${currency}`,
      remove: change({ from: undefined }),
    },
    filters.to !== undefined && {
      label: `To ${filters.to} ${currency}`,
      remove: change({ to: undefined }),
    },
    filters.search !== undefined && {
      label: `Search: ${filters.search}`,
      remove: change({ search: undefined }),
    },
  ];
  return active.filter((filter) => filter !== false);
}

/**
 * The gallery's filters. On a wide screen, the bar of fields. On a phone, where that bar would fill
 * the first screen, a Filters button that opens them in a sheet, the sort kept in view, and the
 * filters in effect as chips that each take one away: the pictures start on the first screen.
 */
export function GalleryFilters(props: FilterBarProps) {
  const phone = useMediaQuery(PHONE);
  const [open, setOpen] = useState(false);
  if (!phone) return <FilterBar {...props} />;

  const active = activeFilters(props);
  return (
    <div className="gallery-filters">
      <div className="gallery-filters__bar">
        <button
          type="button"
          className={buttonClass({ variant: 'outlined' })}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <span className="button__icon">
            <TuneIcon />
          </span>
          {active.length === 0 ? 'Filters' : `Filters (${active.length})`}
        </button>
        <div className="gallery-filters__sort">
          <SortField filters={props.filters} onFiltersChange={props.onFiltersChange} />
        </div>
      </div>
      {active.length > 0 && (
        <ul aria-label="Filters in effect" className="gallery-filters__chips">
          {active.map((filter) => (
            <li key={filter.label}>
              <RemovableChip label={filter.label} onRemove={filter.remove} />
            </li>
          ))}
        </ul>
      )}
      <LoadWhenOpened open={open}>
        <Sheet open={open} title="Filters" onClose={() => setOpen(false)}>
          <FilterBar {...props} showSort={false} onApplied={() => setOpen(false)} />
        </Sheet>
      </LoadWhenOpened>
    </div>
  );
}

import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { SearchCombobox } from '@/components/ui/SearchCombobox';
import { formatMoney } from '@/lib/money/money';
import { useSuggestOffersQuery } from '../api/catalogueApi';
import { readFilters, SEARCH_MAX_LENGTH, searchLocation } from '../filters';
import { useDisplayCurrency } from '../hooks/useDisplayCurrency';
import { matchGalleryList, picturePath } from '../paths';
import type { Suggestion } from '../types';

/** How long typing must pause before suggestions are asked for: one call per word, not per key. */
export const SUGGEST_DELAY_MS = 150;

/**
 * The header's search, on every shop page: suggestions (titles with their price, then tags) as the
 * shopper types. A title opens its picture; a tag, or Enter on the text, searches the gallery. On
 * the gallery the field shows the search in the address and a new search keeps the category and
 * filters in effect (`searchLocation`). On a phone, where the header has no room for the field, a
 * button opens it over the header (layout.css).
 */
export function SearchField() {
  const location = useLocation();
  const navigate = useNavigate();
  const currency = useDisplayCurrency();
  const gallery = matchGalleryList(location.pathname);
  const shownFilters =
    gallery === null
      ? undefined
      : readFilters(new URLSearchParams(location.search), gallery.categoryName);
  const addressSearch = shownFilters?.search ?? '';

  const [text, setText] = useState(addressSearch);
  // On the gallery, the field follows the address: back, forward, a cleared search, a tag link.
  const [followed, setFollowed] = useState(addressSearch);
  if (gallery !== null && followed !== addressSearch) {
    setFollowed(addressSearch);
    setText(addressSearch);
  }

  const prefix = useSettled(text.trim(), SUGGEST_DELAY_MS);
  const { data: suggestions = NO_SUGGESTIONS } = useSuggestOffersQuery(
    prefix === '' ? skipToken : { prefix, currency },
  );

  const [opened, setOpened] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (opened) input.current?.focus();
  }, [opened]);
  const closeWhenLeft = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpened(false);
  };

  const search = (words: string) => {
    if (words === '' && gallery === null) return;
    setText(words);
    setOpened(false);
    void navigate(searchLocation(words, shownFilters));
  };
  const choose = (suggestion: Suggestion) => {
    setOpened(false);
    if (suggestion.kind === 'title') void navigate(picturePath(suggestion.urlName));
    else search(suggestion.text);
  };

  return (
    <div className={opened ? 'app-search app-search--open' : 'app-search'} onBlur={closeWhenLeft}>
      <button
        type="button"
        className="icon-button app-search__open"
        aria-label="Search pictures"
        aria-expanded={opened}
        onClick={() => setOpened(true)}
      >
        <SearchIcon />
      </button>
      <SearchCombobox<Suggestion>
        label="Search pictures"
        value={text}
        onValueChange={setText}
        options={prefix === '' ? NO_SUGGESTIONS : suggestions}
        optionKey={suggestionKey}
        renderOption={(suggestion) =>
          suggestion.kind === 'title' ? (
            <>
              {suggestion.text}{' '}
              <span className="combobox__option-detail">{formatMoney(suggestion.price)}</span>
            </>
          ) : (
            <>
              {suggestion.text} <span className="combobox__option-detail">tag</span>
            </>
          )
        }
        onChoose={choose}
        onSubmit={search}
        maxLength={SEARCH_MAX_LENGTH}
        inputRef={input}
      />
    </div>
  );
}

const NO_SUGGESTIONS: Suggestion[] = [];

/** Unique in the list, and usable in an element's id (no spaces). */
function suggestionKey(suggestion: Suggestion): string {
  return suggestion.kind === 'title'
    ? `title-${suggestion.urlName}`
    : `tag-${encodeURIComponent(suggestion.text)}`;
}

/** `value` once it has stayed the same for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { ComboboxList } from './Combobox';
import { stepActive } from './comboboxNavigation';
import { SearchIcon } from './icons';

interface SearchComboboxProps<Option> {
  /** The accessible name of the field and its list, also its placeholder. */
  label: string;
  value: string;
  onValueChange: (text: string) => void;
  /** What to suggest for the text, best first; may arrive after it was typed. */
  options: readonly Option[];
  optionKey: (option: Option) => string;
  renderOption: (option: Option) => ReactNode;
  onChoose: (option: Option) => void;
  /** Enter on the text itself, with no suggestion picked. */
  onSubmit: (text: string) => void;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A search field with suggestions (the ARIA 1.2 combobox with a list, as the kit's Combobox, but
 * over free text): typing opens the suggestions, arrow keys move through them, Enter takes the
 * one highlighted or, with none, searches for the text; Escape closes the list. A form with the
 * search role, so that it is a landmark. Light: the header of every page draws it.
 */
export function SearchCombobox<Option>({
  label,
  value,
  onValueChange,
  options,
  optionKey,
  renderOption,
  onChoose,
  onSubmit,
  maxLength,
  inputRef,
}: SearchComboboxProps<Option>) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // New suggestions start with none highlighted, so that Enter searches for what was typed.
  const [shownOptions, setShownOptions] = useState(options);
  if (shownOptions !== options) {
    setShownOptions(options);
    setActive(-1);
  }
  const shown = open && value.trim() !== '' ? options : [];
  const activeOption = shown[active];
  const optionId = (option: Option) => `${id}-option-${optionKey(option)}`;

  const choose = (option: Option) => {
    setOpen(false);
    onChoose(option);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => stepActive(open ? index : -1, event.key, options.length));
    } else if (event.key === 'Enter' && activeOption !== undefined) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && shown.length > 0) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <form
      role="search"
      aria-label={label}
      className="search-combobox"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        onSubmit(value.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon />
      <input
        id={id}
        ref={inputRef}
        className="search-combobox__control"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={label}
        maxLength={maxLength}
        aria-autocomplete="list"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeOption === undefined ? undefined : optionId(activeOption)}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ComboboxList
        id={listId}
        label={label}
        options={shown}
        active={activeOption}
        optionId={optionId}
        optionKey={optionKey}
        onChoose={choose}
      >
        {renderOption}
      </ComboboxList>
    </form>
  );
}

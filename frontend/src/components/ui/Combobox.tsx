import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { describedBy, type FieldProps } from './fieldAria';
import { stepActive } from './comboboxNavigation';
import { FieldFrame } from './fields';

interface ComboboxProps<Option> extends FieldProps {
  name?: string;
  autoComplete?: string;
  options: readonly Option[];
  /** The chosen option, or null. */
  value: Option | null;
  onChange: (option: Option | null) => void;
  /** The text an option shows, in the list and in the field once chosen. */
  optionLabel: (option: Option) => string;
  optionKey: (option: Option) => string;
  /** The options that match what was typed, best first. */
  filter: (options: readonly Option[], typed: string) => readonly Option[];
}

/**
 * A text field that suggests options as one types (the ARIA 1.2 combobox with a list): arrow keys
 * move through the list, Enter chooses, Escape closes the list, and leaving the field puts the
 * chosen option's text back. The best match is highlighted, so Enter takes it. The list is at most
 * var(--select-menu-max-height), 310 px (SPEC.md section 9), high.
 */
export function Combobox<Option>({
  label,
  error,
  helperText,
  name,
  autoComplete,
  options,
  value,
  onChange,
  optionLabel,
  optionKey,
  filter,
}: ComboboxProps<Option>) {
  const id = useId();
  const listId = `${id}-list`;
  const shownValue = value === null ? '' : optionLabel(value);
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = open ? filter(options, typed ?? '') : [];
  const activeOption = matches[Math.min(active, matches.length - 1)];
  const optionId = (option: Option) => `${id}-option-${optionKey(option)}`;

  const choose = (option: Option) => {
    onChange(option);
    setTyped(null);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((index) => Math.max(0, stepActive(index, event.key, matches.length)));
    } else if (event.key === 'Enter' && open && activeOption !== undefined) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <FieldFrame
      id={id}
      label={label}
      empty={(typed ?? shownValue) === ''}
      error={error}
      helperText={helperText}
      className="field--text field--combobox"
    >
      <input
        id={id}
        name={name}
        className="field__control"
        role="combobox"
        autoComplete={autoComplete}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={
          open && activeOption !== undefined ? optionId(activeOption) : undefined
        }
        {...describedBy(id, { error, helperText })}
        value={typed ?? shownValue}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '') onChange(null);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setTyped(null);
          setOpen(false);
        }}
      />
      <ComboboxList
        id={listId}
        label={label}
        options={matches}
        active={activeOption}
        optionId={optionId}
        optionKey={optionKey}
        onChoose={choose}
      >
        {optionLabel}
      </ComboboxList>
    </FieldFrame>
  );
}

interface ComboboxListProps<Option> {
  id: string;
  label: string;
  /** Hidden when empty. */
  options: readonly Option[];
  active: Option | undefined;
  optionId: (option: Option) => string;
  optionKey: (option: Option) => string;
  onChoose: (option: Option) => void;
  /** What an option shows. */
  children: (option: Option) => ReactNode;
}

/** The listbox under a combobox's field: the active option is the selected one. */
export function ComboboxList<Option>({
  id,
  label,
  options,
  active,
  optionId,
  optionKey,
  onChoose,
  children,
}: ComboboxListProps<Option>) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className="combobox__list"
      hidden={options.length === 0}
    >
      {options.map((option) => (
        <li
          key={optionKey(option)}
          id={optionId(option)}
          role="option"
          aria-selected={option === active}
          className="combobox__option"
          // Before the field's blur, which would close the list under the pointer.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(option)}
        >
          {children(option)}
        </li>
      ))}
    </ul>
  );
}

import {
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { describedBy, hasHelper, helperId, type FieldProps } from './fieldAria';

export type { FieldProps };
import { ArrowDropDownIcon } from './icons';
import './controls.css';

/*
 * The shop's one outlined field, over native <input>, <textarea> and <select> elements: the label
 * sits on the border (inside an empty text field until it is focused), the outline has a notch for
 * it, and every one-line field is var(--control-height) high. Keyboard and screen reader users get
 * the browser's own controls; a select's list is the system's own picker, the best one on phones.
 */

interface FrameProps extends FieldProps {
  id: string;
  /** An empty text field shows its label inside until focused; a select always on the border. */
  empty?: boolean;
  className: string;
  children: ReactNode;
}

/** The label, the outline and the helper text around a field's control. */
export function FieldFrame({
  id,
  label,
  empty = false,
  error,
  helperText,
  className,
  children,
}: FrameProps) {
  const classes = ['field', className, empty ? 'field--empty' : '', error ? 'field--error' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__box">
        {children}
        <fieldset aria-hidden="true" className="field__outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {hasHelper(helperText) && (
        <div id={helperId(id)} className="field__helper">
          {helperText}
        </div>
      )}
    </div>
  );
}

interface SelectFieldProps
  extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  value: string;
  /** Its choices, as <option> elements. */
  children: ReactNode;
}

/** The one select of the shop: a native select in the outlined field. */
export function SelectField({ label, error, helperText, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      helperText={helperText}
      className="field--select"
    >
      <select
        id={id}
        className="field__control"
        {...describedBy(id, { error, helperText })}
        {...select}
      >
        {children}
      </select>
      <ArrowDropDownIcon className="field__arrow" />
    </FieldFrame>
  );
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'onChange'> {
  value: string;
  onChange?: (event: ChangeEvent<TextControl>) => void;
  /** Shown at the end of the field, e.g. the currency of an amount. */
  endAdornment?: ReactNode;
  /** A textarea of at least `minRows` lines instead of a one-line input. */
  multiline?: boolean;
  minRows?: number;
  inputRef?: Ref<HTMLInputElement>;
  /** For codes to copy letter by letter: every character as wide as the next. */
  monospace?: boolean;
}

/** The one text field of the shop, one line or several. */
export function TextField({
  label,
  error,
  helperText,
  endAdornment,
  multiline = false,
  minRows = 3,
  inputRef,
  monospace = false,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  const classes = [
    'field--text',
    endAdornment === undefined ? '' : 'field--adorned',
    multiline ? 'field--multiline' : '',
  ];
  const aria = describedBy(id, { error, helperText });
  const { value, onChange, name, placeholder, maxLength, autoComplete, autoFocus, disabled } =
    input;
  return (
    <FieldFrame
      id={id}
      label={label}
      empty={value === ''}
      error={error}
      helperText={helperText}
      className={classes.filter(Boolean).join(' ')}
    >
      {multiline ? (
        <textarea
          id={id}
          className="field__control"
          rows={minRows}
          {...{ value, onChange, name, placeholder, maxLength, autoComplete, autoFocus, disabled }}
          {...aria}
        />
      ) : (
        <input
          id={id}
          ref={inputRef}
          type={type}
          className={monospace ? 'field__control field__control--code' : 'field__control'}
          {...aria}
          {...input}
        />
      )}
      {endAdornment !== undefined && <div className="field__adornment">{endAdornment}</div>}
    </FieldFrame>
  );
}

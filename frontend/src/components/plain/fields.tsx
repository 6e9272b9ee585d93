import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ArrowDropDownIcon } from './icons';
import './controls.css';

/*
 * MUI's small outlined TextField, select or not, over native <select> and <input> elements: the
 * label sits on the border (inside an empty text field until it is focused), and the outline has a
 * notch for it. Keyboard and screen reader users get the browser's own controls.
 */

interface FrameProps {
  id: string;
  label: string;
  /** An empty text field shows its label inside until focused; a select always on the border. */
  empty?: boolean;
  error?: string;
  className: string;
  children: ReactNode;
}

function FieldFrame({ id, label, empty = false, error, className, children }: FrameProps) {
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
      {error !== undefined && (
        <p id={`${id}-helper-text`} className="field__helper">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  value: string;
  children: ReactNode;
}

/** A select drawn like MUI's small outlined select; its choices are <option> elements. */
export function SelectField({ label, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} className="field--select">
      <select id={id} className="field__control" {...select}>
        {children}
      </select>
      <ArrowDropDownIcon className="field__arrow" />
    </FieldFrame>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  value: string;
  /** What is wrong with the value, shown under the field and read as its description. */
  error?: string;
  /** Shown at the end of the field, e.g. the currency of an amount. */
  endAdornment?: ReactNode;
}

/** A text field drawn like MUI's small outlined TextField. */
export function TextField({ label, error, endAdornment, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      empty={input.value === ''}
      error={error}
      className={endAdornment === undefined ? 'field--text' : 'field--text field--adorned'}
    >
      <input
        id={id}
        type={type}
        className="field__control"
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-helper-text`}
        {...input}
      />
      {endAdornment !== undefined && <div className="field__adornment">{endAdornment}</div>}
    </FieldFrame>
  );
}

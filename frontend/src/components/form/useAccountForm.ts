import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useFormErrorReporter } from '@/hooks/useFormErrorReporter';

type FormValues = Record<string, string | boolean>;
/** `{ agreed: false }` holds a boolean, not only `false`. */
type Widened<V> = { [K in keyof V]: V[K] extends string ? string : boolean };
type TextFieldName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type FieldMessages<V> = Partial<Record<keyof V, string>>;

/** What `textField` gives a TextField: its value, change handler and message. */
export interface TextFieldBinding {
  name: string;
  value: string;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
  error: boolean;
  helperText: string | undefined;
}

/** What AccountForm needs of the form's state: its element and the messages shown above it. */
export interface FormFrame {
  formRef: RefObject<HTMLFormElement | null>;
  generalMessages: string[];
  clearGeneralMessages: () => void;
}

/**
 * State of one account form: its values and the server's messages under its fields. A field's
 * message goes away as soon as the field is edited. General messages, and messages about fields
 * the form does not show, stand above the form until the next attempt.
 */
export function useAccountForm<Initial extends FormValues>(initialValues: Initial) {
  type V = Widened<Initial>;
  // Only the types differ: every literal is a value of its widened type.
  const initial = initialValues as unknown as V;
  const [values, setValues] = useState(initial);
  const [fieldMessages, setFieldMessages] = useState<FieldMessages<V>>({});
  const [generalMessages, setGeneralMessages] = useState<string[]>([]);
  const reportError = useFormErrorReporter(setGeneralMessages);
  // Counts the refused submissions, so that each moves the focus once.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Moves the focus to the first field the server refused, so keyboard and screen-reader users
  // land on its message.
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function setValue<K extends keyof V>(name: K, value: V[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldMessages((current) =>
      current[name] === undefined ? current : { ...current, [name]: undefined },
    );
  }

  /** Value, change handler and message props for a TextField bound to a text field. */
  function textField(name: TextFieldName<V>, hint?: string): TextFieldBinding {
    const message = fieldMessages[name];
    return {
      name,
      value: values[name] as string,
      onChange: (
        event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
      ) => {
        setValue(name, event.target.value as V[typeof name]);
      },
      error: message !== undefined,
      helperText: message ?? hint,
    };
  }

  /** Shows what a failed call says: under the fields it names, the rest above the form. */
  function showErrors(error: unknown) {
    const byField = reportError(error);
    const placed: FieldMessages<V> = {};
    const unplaced: string[] = [];
    for (const [field, messages] of Object.entries(byField)) {
      // The server reads names case-insensitively; match its answer the same way.
      const name = Object.keys(values).find((key) => key.toLowerCase() === field.toLowerCase());
      if (name === undefined) unplaced.push(...messages);
      else placed[name as keyof V] = messages.join(' ');
    }
    if (unplaced.length > 0) setGeneralMessages((general) => [...general, ...unplaced]);
    setFieldMessages(placed);
    setRefusals((count) => count + 1);
  }

  function reset() {
    setValues(initial);
    setFieldMessages({});
    setGeneralMessages([]);
  }

  const clearGeneralMessages = () => setGeneralMessages([]);
  /** A message of the page's own about the whole form. */
  const showMessage = (message: string) => setGeneralMessages([message]);

  return {
    values,
    setValue,
    textField,
    fieldMessages,
    showErrors,
    reset,
    formRef,
    generalMessages,
    clearGeneralMessages,
    showMessage,
  };
}

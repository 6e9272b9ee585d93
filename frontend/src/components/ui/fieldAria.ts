import type { ReactNode } from 'react';

/** What every field takes besides its element's own attributes. */
export interface FieldProps {
  label: string;
  /** The value is wrong: the outline and the helper text turn to the error colour. */
  error?: boolean;
  /** Under the field, read as its description: the message about its value, or a hint. */
  helperText?: ReactNode;
}

export const helperId = (id: string) => `${id}-helper-text`;
export const hasHelper = (helperText: ReactNode) => helperText !== undefined && helperText !== null;

/** The ARIA attributes that tie a control to its frame's message. */
export function describedBy(id: string, { error, helperText }: Omit<FieldProps, 'label'>) {
  return {
    'aria-invalid': error === true,
    'aria-describedby': hasHelper(helperText) ? helperId(id) : undefined,
  };
}

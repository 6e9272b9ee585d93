import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits for the general message of a refused form, shown inside that form (not a snackbar). */
export async function findFormAlert(text: string): Promise<HTMLElement> {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(text);
  expect(alert.closest('form')).not.toBeNull();
  return alert;
}

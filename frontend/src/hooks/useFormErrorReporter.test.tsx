import { act, renderHook } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { setupStore } from '@/app/store';
import type { ApiError } from '@/lib/api/apiError';
import { useFormErrorReporter } from './useFormErrorReporter';

const error: ApiError = {
  status: 400,
  message: 'Validation failed',
  fieldErrors: { email: ['Enter a valid e-mail address.'] },
  generalMessages: ['Please check the form.'],
};

function renderWithStore<T>(hook: () => T) {
  const store = setupStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders store={store}>{children}</AppProviders>
  );
  return { store, ...renderHook(hook, { wrapper }) };
}

describe('useFormErrorReporter', () => {
  it('keeps the general message for the form to show and answers the field errors', () => {
    const { store, result } = renderWithStore(() => {
      const [general, setGeneral] = useState<string[]>([]);
      return { general, report: useFormErrorReporter(setGeneral) };
    });

    let fieldErrors = {};
    act(() => {
      fieldErrors = result.current.report(error);
    });

    expect(fieldErrors).toEqual({ email: ['Enter a valid e-mail address.'] });
    expect(result.current.general).toEqual(['Please check the form.']);
    expect(store.getState().snackbar.current).toBeNull();
  });

  it('puts the general message in the snackbar for a lone button', () => {
    const { store, result } = renderWithStore(() => useFormErrorReporter());
    act(() => {
      result.current(error);
    });
    expect(store.getState().snackbar.current).toMatchObject({
      text: 'Please check the form.',
      severity: 'error',
    });
  });
});

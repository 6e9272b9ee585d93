import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { setupStore } from '@/app/store';
import type { ApiError } from '@/lib/api/apiError';
import { useFormErrorReporter } from './useFormErrorReporter';

describe('useFormErrorReporter', () => {
  it('puts the general message in the snackbar and answers the field errors', () => {
    const store = setupStore();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders store={store}>{children}</AppProviders>
    );
    const { result } = renderHook(() => useFormErrorReporter(), { wrapper });
    const error: ApiError = {
      status: 400,
      message: 'Validation failed',
      fieldErrors: { email: ['Enter a valid e-mail address.'] },
      generalMessages: ['Please check the form.'],
    };

    expect(result.current(error)).toEqual({ email: ['Enter a valid e-mail address.'] });
    expect(store.getState().snackbar.current).toMatchObject({
      text: 'Please check the form.',
      severity: 'error',
    });
  });
});

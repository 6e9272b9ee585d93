import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import type { FieldErrors } from '@/lib/api/apiError';
import { toFormErrors } from '@/lib/api/formErrors';

/**
 * For forms: shows the general messages of a failed call in the snackbar and answers the field
 * errors for the form to put under its inputs.
 */
export function useFormErrorReporter(): (error: unknown) => FieldErrors {
  const dispatch = useDispatch();
  return useCallback(
    (error: unknown) => {
      const { generalMessages, fieldErrors } = toFormErrors(error);
      for (const message of generalMessages) dispatch(messageShown(message, 'error'));
      return fieldErrors;
    },
    [dispatch],
  );
}

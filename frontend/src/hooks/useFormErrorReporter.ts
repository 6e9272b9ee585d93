import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import type { FieldErrors } from '@/lib/api/apiError';
import { toFormErrors } from '@/lib/api/formErrors';

/**
 * Shows what a failed call says and answers the field errors for the form to put under its
 * inputs. Forms pass `showGeneralMessages`, which keeps the general messages beside the form
 * (components/form/FormErrorAlert), where they stay until the next attempt; without it (a lone
 * button) they go to the snackbar.
 */
export function useFormErrorReporter(
  showGeneralMessages?: (messages: string[]) => void,
): (error: unknown) => FieldErrors {
  const dispatch = useDispatch();
  return useCallback(
    (error: unknown) => {
      const { generalMessages, fieldErrors } = toFormErrors(error);
      if (showGeneralMessages !== undefined) showGeneralMessages(generalMessages);
      else for (const message of generalMessages) dispatch(messageShown(message, 'error'));
      return fieldErrors;
    },
    [dispatch, showGeneralMessages],
  );
}

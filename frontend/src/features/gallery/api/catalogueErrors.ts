import { isApiError } from '@/lib/api/apiError';

/** The server's answer to a category it does not know (a validation error on `Category`). */
export function isUnknownCategoryError(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && 'Category' in error.fieldErrors;
}

/** The server's answer to a picture it does not have. */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

import { toFormErrors } from '@/lib/api/formErrors';

/**
 * What the server said about a failed call, e.g. "Your role does not allow this.", else SPEC.md
 * section 8's message for its status.
 */
export function serverMessages(error: unknown): string[] {
  const { generalMessages, fieldErrors } = toFormErrors(error);
  return [...generalMessages, ...Object.values(fieldErrors).flat()];
}

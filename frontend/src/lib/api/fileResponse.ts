import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { fileNameFromContentDisposition } from '@/lib/browser/saveFile';

/**
 * The `responseHandler` of calls that answer a file: the file when the call succeeds; otherwise
 * the error body, read like any other answer so that its messages reach the form.
 */
export async function fileOrError(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The name the server suggests for the file it answered (Content-Disposition), else `fallback`. */
export function suggestedFileName(meta: FetchBaseQueryMeta | undefined, fallback: string): string {
  const header = meta?.response?.headers.get('Content-Disposition') ?? null;
  return fileNameFromContentDisposition(header) ?? fallback;
}

/**
 * The file name a `Content-Disposition` header suggests (RFC 6266): `filename*=UTF-8''...` first,
 * then `filename="..."`, reduced to its last path segment so that it cannot name a folder.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended !== undefined) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      // Malformed percent-encoding: fall back to the plain parameter.
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
    name = (plain?.[1] ?? plain?.[2])?.replace(/\\(.)/g, '$1').trim();
  }
  const lastSegment = name?.split(/[/\\]/).pop()?.trim();
  if (lastSegment === undefined || lastSegment === '' || /^\.+$/.test(lastSegment)) return null;
  return lastSegment;
}

/** Hands a downloaded file to the browser, which saves it under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the file once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

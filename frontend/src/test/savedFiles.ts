import { afterEach, vi } from 'vitest';

const OBJECT_URL_FUNCTIONS = ['createObjectURL', 'revokeObjectURL'] as const;
const originals = OBJECT_URL_FUNCTIONS.map((name) => Object.getOwnPropertyDescriptor(URL, name));
afterEach(() => {
  for (const [index, name] of OBJECT_URL_FUNCTIONS.entries()) {
    const original = originals[index];
    if (original === undefined) Reflect.deleteProperty(URL, name);
    else Object.defineProperty(URL, name, original);
  }
});

/**
 * jsdom has no object URLs: these stand in for them. Answers the file behind each URL made and
 * the URLs revoked so far.
 */
export function stubObjectUrls() {
  const files = new Map<string, Blob>();
  const revoked: string[] = [];
  Object.defineProperties(URL, {
    createObjectURL: {
      configurable: true,
      value: (file: Blob) => {
        const url = `blob:test/${files.size}`;
        files.set(url, file);
        return url;
      },
    },
    revokeObjectURL: { configurable: true, value: (url: string) => revoked.push(url) },
  });
  return { files, revoked };
}

/** What the page hands to the browser to save: the file and the name on the link clicked. */
export function watchSavedFiles() {
  const saved: { name: string; file: Blob }[] = [];
  const { files } = stubObjectUrls();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = files.get(this.href);
    if (file !== undefined) saved.push({ name: this.download, file });
  });
  return saved;
}

/** The text of a file the page made itself (jsdom's Blob has no `text()`). */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

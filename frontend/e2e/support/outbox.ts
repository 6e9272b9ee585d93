import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The server writes each mail it sends as an .eml file into the outbox of its data folder, which
 * playwright.config.ts puts at ARTSHOP_E2E_DATA_DIR.
 */
const dataDir = process.env.ARTSHOP_E2E_DATA_DIR;

/** The body of a message, undoing quoted-printable soft line breaks and escapes if it uses them. */
export function decodeBody(message: string): string {
  const [headers = '', ...rest] = message.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/^Content-Transfer-Encoding:\s*quoted-printable/im.test(headers)) return body;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether the To header (not Reply-To, which the notices to the shop carry) names `email`. */
function addressedTo(message: string, email: string): boolean {
  const [headers = ''] = message.split(/\r?\n\r?\n/);
  return headers
    .split(/\r?\n/)
    .some((line) => line.startsWith('To:') && line.toLowerCase().includes(email.toLowerCase()));
}

/** The bodies of the mails to `email`, newest first. */
async function mailBodiesTo(email: string): Promise<string[]> {
  if (dataDir === undefined) throw new Error('ARTSHOP_E2E_DATA_DIR is not set');
  const outbox = join(dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
  const bodies: string[] = [];
  // File names start with a UTC time stamp: the newest sorts last.
  for (const name of names.sort().reverse()) {
    const message = await readFile(join(outbox, name), 'utf8');
    if (addressedTo(message, email)) bodies.push(decodeBody(message));
  }
  return bodies;
}

/**
 * The body of the newest mail to `email` that `matches`. The server sends mail in the background:
 * waits for it up to `timeoutMs`.
 */
export async function waitForMail(
  email: string,
  matches: (body: string) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await mailBodiesTo(email)).find(matches);
    if (body !== undefined) return body;
    if (Date.now() > deadline) throw new Error(`No matching mail to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

import { createHmac } from 'node:crypto';

/** RFC 4648 base32 (A-Z, 2-7), spaces and padding ignored, as authenticator apps read a key. */
function base32Bytes(key: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of key.replace(/[\s=]/g, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index === -1) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The 30-second step a moment falls in (RFC 6238). */
export function totpStep(at = Date.now()): number {
  return Math.floor(at / 1000 / 30);
}

/**
 * The six-digit code an authenticator app shows for `key` at `step` (RFC 6238 with HMAC-SHA-1,
 * as the back office's set-up link says): computed here as a phone would, from the key the
 * set-up page shows.
 */
export function totpCode(key: string, step = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = mac.readUInt8(mac.length - 1) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

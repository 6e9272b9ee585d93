import { inflateRawSync } from 'node:zlib';

/*
 * Just enough of the ZIP and PNG formats to check downloaded files: the entries of a ZIP (read
 * from its central directory) and the size a PNG declares in its IHDR chunk.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The entries of a ZIP file, in the order of its central directory. */
export function zipEntries(zip: Buffer): ZipEntry[] {
  // The end record is the last thing in the file, followed only by a comment of up to 64 KiB.
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) end -= 1;
  if (end < 0) throw new Error('Not a ZIP file: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER) {
      throw new Error(`Broken central directory at entry ${index}`);
    }
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) {
      throw new Error(`No local header for ${name}`);
    }
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === STORED) entries.push({ name, data: raw });
    else if (method === DEFLATED) entries.push({ name, data: inflateRawSync(raw) });
    else throw new Error(`${name} uses compression method ${method}`);
  }
  return entries;
}

/** Width and height from a PNG's IHDR chunk, which must come first. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('Not a PNG file');
  if (png.toString('ascii', 12, 16) !== 'IHDR') throw new Error('The PNG does not start with IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

import { crc32, deflateSync, inflateRawSync } from 'node:zlib';

/*
 * Just enough of the ZIP, PNG and JPEG formats to check downloaded files and make a picture to
 * upload: the entries of a ZIP (read from its central directory), the size a PNG declares in its
 * IHDR chunk or a JPEG in its start-of-frame segment, and a PNG of one colour.
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

/** Width and height from the first start-of-frame segment of a JPEG file. */
export function jpegSize(file: Buffer): { width: number; height: number } {
  if (file.readUInt16BE(0) !== 0xffd8) throw new Error('Not a JPEG file');
  let offset = 2;
  while (offset + 4 <= file.length) {
    if (file[offset] !== 0xff) throw new Error(`No marker at byte ${offset}`);
    const marker = file[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      return { height: file.readUInt16BE(offset + 5), width: file.readUInt16BE(offset + 7) };
    }
    offset += 2 + file.readUInt16BE(offset + 2);
  }
  throw new Error('No start-of-frame segment in the JPEG file');
}

/** A PNG chunk: its length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An 8-bit RGB PNG of `width` x `height` in one colour, as a picture to upload: every row is the
 * filter byte 0 and the same pixels, so it deflates to a few kilobytes.
 */
export function solidPng(width: number, height: number, [red, green, blue]: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([red ?? 0, green ?? 0, blue ?? 0], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

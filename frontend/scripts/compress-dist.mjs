// Writes a gzip twin (file.gz) next to every compressible file in dist/, because the C++ server
// serves precompressed files instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json']);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

let written = 0;
let bytesIn = 0;
let bytesOut = 0;
for await (const path of filesUnder(distDir)) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  const source = await readFile(path);
  const compressed = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  await writeFile(`${path}.gz`, compressed);
  written += 1;
  bytesIn += (await stat(path)).size;
  bytesOut += compressed.length;
  if (process.env.VERBOSE) console.log(`${relative(distDir, path)}.gz`);
}

console.log(
  `compress-dist: ${written} files gzipped, ${(bytesIn / 1024).toFixed(0)} KiB -> ${(bytesOut / 1024).toFixed(0)} KiB`,
);

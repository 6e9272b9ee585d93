// Prints how much JavaScript (gzip) the home page needs before it can show anything, and fails
// above the budget. Initial JS: the scripts index.html loads and preloads, the home route's chunk
// when it has one (src/app/routes.tsx makes the home, gallery and picture pages part of the entry),
// and everything those import statically. Then, per route chunk, what it adds on top of the entry.
// The back office (src/admin/) must stay out of the shop's first script: vite.config.ts names every
// chunk holding one of its modules admin-*.js, and the check fails if such a file is among the
// initial ones. Its size, on top of the entry, is printed too, and what its screens load lazily;
// the dashboard's chart library must be among those.
// Usage: node scripts/bundle-size.mjs [--budget-kb N]   (after `vite build`)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const assetsDir = join(distDir, 'assets');
// The most the home page may load before it shows (docs/benchmarks.md, "Front end").
const BUDGET_KB = 150;
const budgetFlag = process.argv.indexOf('--budget-kb');
const budgetKb = budgetFlag === -1 ? BUDGET_KB : Number(process.argv[budgetFlag + 1]);
// kB as Vite prints them (1000 bytes), and the level compress-dist.mjs serves.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const gzipped = new Map();
function gzipBytes(file) {
  if (!gzipped.has(file)) {
    const source = readFileSync(join(assetsDir, file));
    gzipped.set(file, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length);
  }
  return gzipped.get(file);
}

// Static `import ... from "./x.js"`, `import "./x.js"` and `export ... from "./x.js"` of a built
// chunk; a dynamic import("./x.js") has a parenthesis the pattern does not allow.
const STATIC_IMPORT = /(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g;

function withStaticImports(roots) {
  const seen = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(assetsDir, file), 'utf8');
    for (const [, imported] of code.matchAll(STATIC_IMPORT)) pending.push(imported);
  }
  return seen;
}

const total = (files) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0);

const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
const loadedByIndex = [
  ...indexHtml.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/assets\/([\w.-]+\.js)"/g),
].map(([, file]) => file);
if (loadedByIndex.length === 0) throw new Error(`No script in ${join(distDir, 'index.html')}`);

// A route's chunk is named after its page component (src/app/routes.tsx loads one per route).
const assets = readdirSync(assetsDir);
const routeChunks = assets.filter((file) => /^[A-Z]\w*Page-[\w-]+\.js$/.test(file)).sort();
const homeChunk = routeChunks.find((file) => file.startsWith('HomePage-'));

const entry = withStaticImports(loadedByIndex);
const home = withStaticImports(homeChunk === undefined ? entry : [...entry, homeChunk]);
const homeBytes = total(home);

console.log(`bundle-size: initial JS of the home route, gzip (budget ${budgetKb} kB)`);
for (const file of [...home].sort((a, b) => gzipBytes(b) - gzipBytes(a))) {
  console.log(`  ${kb(gzipBytes(file)).padStart(9)}  ${file}${entry.has(file) ? '' : '  (route)'}`);
}
console.log(`  ${kb(homeBytes).padStart(9)}  total, ${home.size} files`);
console.log(`bundle-size: entry alone ${kb(total(entry))}; each route adds, gzip:`);
for (const chunk of routeChunks) {
  const added = [...withStaticImports([chunk])].filter((file) => !entry.has(file));
  const name = chunk.slice(0, chunk.indexOf('-'));
  console.log(`  ${kb(total(added)).padStart(9)}  ${name} (${added.length} files)`);
}

const adminChunks = assets.filter((file) => /^admin-[\w.-]+\.js$/.test(file)).sort();
const adminAdded = [...withStaticImports(adminChunks)].filter((file) => !entry.has(file));
console.log(
  `bundle-size: the back office (/admin) adds ${kb(total(adminAdded))} gzip (${adminAdded.length} files, ${adminChunks.length} of them its own: ${adminChunks.join(', ')})`,
);
// What opening the back office loads (AdminApp and its static imports), and each chunk it loads
// only when a screen asks (a chart library stays on its own screen: the dashboard's).
const adminApp = adminChunks.filter((file) => file.startsWith('admin-AdminApp-'));
const adminOpening = withStaticImports(adminApp);
console.log(
  `bundle-size: opening the back office loads ${kb(total([...adminOpening].filter((file) => !entry.has(file))))} gzip; loaded by its screens when opened:`,
);
for (const chunk of adminChunks.filter((file) => !adminOpening.has(file))) {
  const added = [...withStaticImports([chunk])].filter(
    (file) => !entry.has(file) && !adminOpening.has(file),
  );
  console.log(`  ${kb(total(added)).padStart(9)}  ${chunk.split('-')[1]} (${added.length} files)`);
}
const chartOpened = [...home, ...adminOpening].filter((file) =>
  file.startsWith('admin-DailyRevenueChart-'),
);
if (chartOpened.length > 0) {
  console.error(
    `bundle-size: the dashboard's chart (uPlot) is loaded before its screen opens: ${chartOpened.join(', ')}`,
  );
  process.exit(1);
}

const adminInitial = [...home].filter((file) => file.startsWith('admin-'));
if (adminChunks.length === 0 || adminInitial.length > 0) {
  console.error(
    adminChunks.length === 0
      ? 'bundle-size: no admin-*.js chunk: is the back office still built (vite.config.ts)?'
      : `bundle-size: back-office code is in the shop's initial JS: ${adminInitial.join(', ')}`,
  );
  process.exit(1);
}

if (homeBytes > budgetKb * 1000) {
  console.error(
    `bundle-size: the home route loads ${kb(homeBytes)} of JS, over the ${budgetKb} kB budget`,
  );
  process.exit(1);
}

// The kit's dialogs and menus (Radix) load the first time one opens (README.md, "Why this kit"):
// a static import of one from the header or a first-screen page would put them back in the first
// script. Radix's dismissable layer, which every dialog and menu uses, names itself in the code.
const withRadix = [...home].filter((file) =>
  readFileSync(join(assetsDir, file), 'utf8').includes('DismissableLayer'),
);
if (withRadix.length > 0) {
  console.error(
    `bundle-size: the first script holds the dialogs' and menus' code (${withRadix.join(', ')}): ` +
      'load them when first opened (components/LoadWhenOpened.tsx)',
  );
  process.exit(1);
}

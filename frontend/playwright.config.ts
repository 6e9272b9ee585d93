import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive the real C++ server (which serves the built client from dist/) in the
 * system's Chromium. Build both first: `cmake --build build` and `npm run build`.
 */
const frontendDir = import.meta.dirname;

/**
 * A loopback port that nothing listens on now: the kernel's pick for a socket bound to port 0.
 * Asked of a child process because the config is loaded synchronously.
 */
function freePort(): number {
  const script =
    "const s = require('node:net').createServer();" +
    "s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

// E2E_PORT fixes the port; otherwise a free one is picked once, in the main process, and handed
// to the workers (which load this file again) through the environment, so a port another program
// holds never fails the run.
process.env.E2E_PORT ??= String(freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const serverBinary = resolve(frontendDir, process.env.ARTSHOP_BINARY ?? '../build/app/artshop');
// The specs that run the binary's commands themselves (e2e/support/staff.ts) read it from here.
process.env.ARTSHOP_E2E_BINARY = serverBinary;

const distDir = resolve(frontendDir, 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  throw new Error(`No built client in ${distDir}: run \`npm run build\` before \`npm run e2e\`.`);
}

// One fresh data folder per run. Set in the environment so that the worker processes, which load
// this file again, agree with the main process instead of each making a folder of their own.
if (process.env.ARTSHOP_E2E_DATA_DIR === undefined) {
  const freshDir = mkdtempSync(join(tmpdir(), 'artshop-e2e-'));
  process.env.ARTSHOP_E2E_DATA_DIR = freshDir;
  // The main process exits after the server has stopped; E2E_KEEP_DATA keeps the folder to inspect.
  if (process.env.E2E_KEEP_DATA === undefined) {
    process.on('exit', () => rmSync(freshDir, { recursive: true, force: true }));
  }
}
const dataDir = process.env.ARTSHOP_E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  // One server, one small machine: run the specs one after another.
  workers: 1,
  timeout: 30_000,
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `"${serverBinary}" serve`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // The first start seeds the catalogue and draws its pictures.
    timeout: 180_000,
    // The access log would drown the test list; startup failures still show on stderr.
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ARTSHOP_HOST: '127.0.0.1',
      ARTSHOP_PORT: String(port),
      ARTSHOP_DATA_DIR: dataDir,
      ARTSHOP_STATIC_DIR: distDir,
      // A short grace after a refresh-token rotation, so that a replay past it is quick to reach.
      ARTSHOP_AUTH_REFRESH_GRACE_SECONDS: '1',
      // Every spec signs its own customers up from this one address, at both viewport sizes: more
      // than the 10 an hour a real address may register.
      ARTSHOP_LIMIT_REGISTRATIONS_PER_IP: '200/1h',
    },
  },
});

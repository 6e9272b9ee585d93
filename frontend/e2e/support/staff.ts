import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * `artshop staff add EMAIL --role ROLE` against the data folder the server of this run uses
 * (playwright.config.ts): the command an operator runs to make the first owner. Answers the
 * path of the set-up link it prints.
 */
export function addStaffFromTheCommandLine(email: string, role: string): string {
  const binary = resolve(
    import.meta.dirname,
    '..',
    '..',
    process.env.ARTSHOP_BINARY ?? '../build/app/artshop',
  );
  const printed = execFileSync(binary, ['staff', 'add', email, '--role', role], {
    encoding: 'utf8',
    env: { ...process.env, ARTSHOP_DATA_DIR: process.env.ARTSHOP_E2E_DATA_DIR },
  });
  const link = /https?:\/\/\S+\/admin\/setup\/\S+/.exec(printed)?.[0];
  if (link === undefined) throw new Error(`no set-up link in: ${printed}`);
  return new URL(link).pathname;
}

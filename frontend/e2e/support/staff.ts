import { execFileSync } from 'node:child_process';

/**
 * `artshop staff add EMAIL --role ROLE` against the data folder the server of this run uses
 * (playwright.config.ts), with the binary that server runs: the command an operator runs to make the first owner. Answers the
 * path of the set-up link it prints.
 */
export function addStaffFromTheCommandLine(email: string, role: string): string {
  const binary = process.env.ARTSHOP_E2E_BINARY;
  if (binary === undefined) throw new Error('ARTSHOP_E2E_BINARY is not set');
  const printed = execFileSync(binary, ['staff', 'add', email, '--role', role], {
    encoding: 'utf8',
    env: { ...process.env, ARTSHOP_DATA_DIR: process.env.ARTSHOP_E2E_DATA_DIR },
  });
  const link = /https?:\/\/\S+\/admin\/setup\/\S+/.exec(printed)?.[0];
  if (link === undefined) throw new Error(`no set-up link in: ${printed}`);
  return new URL(link).pathname;
}

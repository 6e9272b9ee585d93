import type { Result } from 'axe-core';

/** What the shop is checked against, in jsdom (src/test/axe.ts) and in a browser (e2e). */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Axe's serious and critical findings, one line each. */
export function seriousFindings(violations: readonly Result[]): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

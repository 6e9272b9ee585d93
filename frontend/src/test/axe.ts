import axe from 'axe-core';
import { expect } from 'vitest';
import { seriousFindings, WCAG_21_AA } from './axeFindings';

/**
 * Runs axe-core over the whole document (dialogs are portals outside the page's root) as
 * e2e/accessibility.spec.ts does in a browser, and expects no serious or critical violation.
 * jsdom draws nothing, so colour contrast is left to that suite.
 */
export async function expectNoAxeViolations(): Promise<void> {
  // jsdom's page is not index.html, which names the language.
  document.documentElement.lang = 'en';
  const results = await axe.run(document, {
    runOnly: { type: 'tag', values: WCAG_21_AA },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(seriousFindings(results.violations)).toEqual([]);
}

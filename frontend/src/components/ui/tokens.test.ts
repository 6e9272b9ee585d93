import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DIALOG_Z_INDEX,
  MENU_CLOSE_DELAY_MS,
  MENU_OPEN_DELAY_MS,
  OVERLAY_Z_INDEX,
  SELECT_MENU_MAX_HEIGHT_PX,
} from '@/config/constants';
import { colourLiterals } from './colourLiterals';

// Read as files: the test runner leaves CSS imports empty.
const here = dirname(fileURLToPath(import.meta.url));
const srcDir = join(here, '..', '..');
const tokensFile = join(here, 'tokens.css');
const tokens = readFileSync(tokensFile, 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const token = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(tokens)?.[1];

describe('design tokens', () => {
  it('are the only place a colour is written', () => {
    const found = sourceFiles(srcDir)
      .filter((file) => file !== tokensFile)
      .flatMap((file) =>
        colourLiterals(readFileSync(file, 'utf8'), file.endsWith('.css') ? 'css' : 'ts').map(
          (literal) => `${relative(srcDir, file)}: ${literal}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it('put dialogs on layer 2400 and overlays on layer 2000, messages above dialogs', () => {
    expect(token('z-dialog')).toBe(String(DIALOG_Z_INDEX));
    expect(token('z-overlay')).toBe(String(OVERLAY_Z_INDEX));
    expect(Number(token('z-toast'))).toBeGreaterThan(DIALOG_Z_INDEX);
  });

  it('open menus in 300 ms, close them in 250 ms and keep lists of choices at most 310 px high', () => {
    expect(token('menu-open-duration')).toBe(`${MENU_OPEN_DELAY_MS}ms`);
    expect(token('menu-close-duration')).toBe(`${MENU_CLOSE_DELAY_MS}ms`);
    expect(token('select-menu-max-height')).toBe(`${SELECT_MENU_MAX_HEIGHT_PX}px`);
  });

  it('draw a focus ring in a strong colour, not a faint tint', () => {
    expect(token('focus-ring-color')).toBe('var(--color-primary)');
    expect(token('focus-ring-width')).toBe('2px');
  });
});

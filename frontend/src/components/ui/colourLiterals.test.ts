import { describe, expect, it } from 'vitest';
import { colourLiterals } from './colourLiterals';

describe('colourLiterals', () => {
  it('finds hex values, colour functions and named colours in a stylesheet', () => {
    const css = `.a { color: #3d2c8d; }
.b { background-color: rgba(0, 0, 0, 0.5); border-color: hsl(0 0% 50%); }
.c { fill: red; }`;
    expect(colourLiterals(css, 'css')).toEqual(['rgba(', 'hsl(', '#3d2c8d', 'red']);
  });

  it('lets variables, inherited colours and comments pass', () => {
    const css = `/* was #fff */
.a { color: var(--color-text); background: none; border-color: currentColor; fill: inherit; }`;
    expect(colourLiterals(css, 'css')).toEqual([]);
  });

  it('finds colours in a script, but not anchors', () => {
    const tsx = `<a href="#main" style={{ color: 'white', background: '#fafafa' }} />; const s = 'rgb(1, 2, 3)';`;
    expect(colourLiterals(tsx, 'ts')).toEqual(['rgb(', '#fafafa', 'white']);
  });
});

// Words that are no colour of their own where a colour property takes them.
const NOT_A_COLOUR = new Set([
  'inherit',
  'initial',
  'unset',
  'revert',
  'currentcolor',
  'transparent',
  'none',
]);

const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi;
const CSS_HEX = /(?<![\w&-])#[0-9a-f]{3,8}\b/gi;
// In scripts only a hex colour inside quotes counts: '#main' is an anchor, '#fff' a colour.
const QUOTED_HEX = /(?<=['"`])#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})(?=['"`])/gi;
const CSS_NAMED =
  /(?:^|[;{\s])(?:color|background(?:-color)?|border(?:-\w+)?-color|outline-color|fill|stroke|accent-color|caret-color)\s*:\s*([a-z]+)\s*(?=[;}!])/gim;
const STYLE_NAMED =
  /\b(?:color|background(?:Color)?|border\w*Color|outlineColor|fill|stroke|accentColor)\s*:\s*['"]([a-z]+)['"]/gi;

/**
 * The colours written as literals in a stylesheet or a script: hex values, colour functions and
 * named colours given to a colour property. Comments are left out.
 */
export function colourLiterals(source: string, kind: 'css' | 'ts'): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const functions = [...code.matchAll(COLOUR_FUNCTION)].map(([match]) => match);
  const hex = [...code.matchAll(kind === 'css' ? CSS_HEX : QUOTED_HEX)].map(([match]) => match);
  const named = [...code.matchAll(kind === 'css' ? CSS_NAMED : STYLE_NAMED)]
    .map(([, word = '']) => word)
    .filter((word) => !NOT_A_COLOUR.has(word.toLowerCase()));
  return [...functions, ...hex, ...named];
}

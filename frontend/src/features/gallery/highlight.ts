/**
 * A word as the search compares it: lower-case, diacritics removed ("Cathédrale" is
 * "cathedrale"), the way the server folds the words it lists in `matchedWords`.
 */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface TextPart {
  text: string;
  /** A word the search matched. */
  matched: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** `text` cut into its words and what stands between them, the words the search matched marked. */
export function highlightParts(text: string, matchedWords: ReadonlySet<string>): TextPart[] {
  const parts: TextPart[] = [];
  let end = 0;
  for (const match of text.matchAll(WORD)) {
    if (!matchedWords.has(foldWord(match[0]))) continue;
    if (match.index > end) parts.push({ text: text.slice(end, match.index), matched: false });
    parts.push({ text: match[0], matched: true });
    end = match.index + match[0].length;
  }
  if (end < text.length) parts.push({ text: text.slice(end), matched: false });
  return parts;
}

import { describe, expect, it } from 'vitest';
import { foldWord, highlightParts } from './highlight';

describe('highlighting the words a search matched', () => {
  it('folds case and diacritics as the server does', () => {
    expect(foldWord('Cathédrale')).toBe('cathedrale');
    expect(foldWord('ÉTÉ')).toBe('ete');
    expect(foldWord('Noël')).toBe('noel');
  });

  it('marks every matched word, whatever its case and accents, and keeps the text between', () => {
    expect(highlightParts('Frozen Cathédrale, at night', new Set(['cathedrale', 'night']))).toEqual(
      [
        { text: 'Frozen ', matched: false },
        { text: 'Cathédrale', matched: true },
        { text: ', at ', matched: false },
        { text: 'night', matched: true },
      ],
    );
  });

  it('marks whole words only', () => {
    expect(highlightParts('Owls and an Owl', new Set(['owl']))).toEqual([
      { text: 'Owls and an ', matched: false },
      { text: 'Owl', matched: true },
    ]);
    expect(highlightParts('Blue', new Set())).toEqual([{ text: 'Blue', matched: false }]);
  });
});

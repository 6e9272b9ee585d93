import { highlightParts } from '../highlight';

/** `text` with the words a search matched marked (<mark>), whatever their case and accents. */
export function Highlighted({ text, words }: { text: string; words: ReadonlySet<string> }) {
  return highlightParts(text, words).map((part, index) =>
    part.matched ? <mark key={index}>{part.text}</mark> : part.text,
  );
}

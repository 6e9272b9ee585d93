/**
 * Where an arrow key (`ArrowDown` or `ArrowUp`) moves the active option of a list of `count`:
 * round the list, and from none (-1) to its first or last option. -1 for an empty list.
 */
export function stepActive(index: number, key: string, count: number): number {
  if (count === 0) return -1;
  const step = key === 'ArrowUp' ? -1 : 1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return (index + step + count) % count;
}

/** A positive whole id from the address (`?order=17`), or null for anything else. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const id = Number(params.get(name) ?? Number.NaN);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// Canonical JSON: object keys sorted at every level, so two equal values always give the
// same text whatever order their keys came in (DynamoDB does not keep a map's key order).
// Change detection (audit summaries, the editor's unsaved-changes check) and the versions
// diff compare through it.

export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** A copy of `value` whose objects have their keys in sorted order. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

export const sameJson = (a: unknown, b: unknown) => stableStringify(a) === stableStringify(b);

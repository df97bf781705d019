// Tolerant readers for provider JSON: a field of the wrong type, or one that disappeared from the schema,
// reads as absent instead of throwing, so schema drift degrades a record rather than failing the search.

export type Untyped = Record<string, unknown>;

export const obj = (value: unknown): Untyped => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Untyped) : {});
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

export function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Distinct non-empty strings, in first-seen order, compared case-insensitively. */
export function distinct(values: Array<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const text = value?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out;
}

import type { z } from 'zod';
import type { ErrorIssue } from '@/lib/errors';

/**
 * The `validation.*` keys an issue's `code` takes when its schema gave no key of its own (a schema's message,
 * when it is a key, wins). Zod's own messages are English sentences meant for developers; clients translate by
 * key, so a key is all that leaves the server.
 */
const byZodCode: Partial<Record<z.core.$ZodIssue['code'], string>> = {
  invalid_type: 'invalid_type',
  too_small: 'too_small',
  too_big: 'too_big',
  invalid_format: 'invalid_format',
  invalid_value: 'invalid_value',
  unrecognized_keys: 'unrecognized_keys',
};

/** Every key an issue code can be; each has a text in `validation` of both message files. */
export const genericIssueKeys = ['invalid', 'required', ...new Set(Object.values(byZodCode))] as const;

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Zod issues as `{ path, code }` with `code` a key; `raw` (the parsed input) tells a missing field from a wrong one. */
export function issueKeys(error: z.ZodError, isKey: (message: string) => boolean, raw?: unknown): Omit<ErrorIssue, 'message'>[] {
  return error.issues.map((issue) => {
    const path = issue.path.join('.');
    if (isKey(issue.message)) return { path, code: issue.message };
    const missing = issue.code === 'invalid_type' && (raw === undefined ? /received undefined$/.test(issue.message) : valueAt(raw, issue.path) === undefined);
    return { path, code: missing ? 'required' : (byZodCode[issue.code] ?? 'invalid') };
  });
}

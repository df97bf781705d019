// Stripe's wire format as the fake Stripe speaks it (fake-stripe.ts): form-encoded bodies with bracket keys, and
// errors as Stripe's `{ error }` bodies with their status codes.
import { randomBytes } from 'node:crypto';

export type Obj = Record<string, unknown> & { id: string };
export type Params = Record<string, unknown>;

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

export const missing = (kind: string, id: string) =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });
export const invalid = (message: string, param?: string, code?: string) => new StripeFailure(400, { type: 'invalid_request_error', message, param, code });

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0]=x&a[b][1]=y` into `{ a: { b: ['x', 'y'] } }`; `a[]=x` and repeated keys become arrays too. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (last) {
        if (key in node && part !== '' && !/^\d+$/.test(key)) node[key] = ([] as unknown[]).concat(node[key], value);
        else node[key] = value;
      } else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return arrays(root) as Params;
}

/** Objects whose keys are 0..n-1 are arrays (the SDK sends `lookup_keys[0]=…`). */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
  const keys = entries.map(([k]) => k);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
export const bool = (value: unknown) => value === 'true' || value === true;
export const int = (value: unknown, fallback = 0) => (value === undefined || value === '' ? fallback : Number.parseInt(String(value), 10));

export function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  const next = { ...current };
  for (const [key, value] of Object.entries((update as Record<string, string> | undefined) ?? {})) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

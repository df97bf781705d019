// Reading requests the way GoTrue does: JSON bodies (bad_json on garbage), validated shapes
// (validation_failed), the caller's IP and preferred language.
import type { Context } from 'hono';
import { z } from 'zod';
import type { RequestInfo } from './context';
import type { AuthConfig } from './config';
import { AuthError } from './errors';
import type { Locale } from './messaging';

/** No GoTrue request nests past a few levels; deep nesting only costs recursion in every reader after the parser. */
const MAX_JSON_DEPTH = 64;

function nestsTooDeeply(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if ((depth += 1) > MAX_JSON_DEPTH) return true;
    } else if (c === '}' || c === ']') depth -= 1;
  }
  return false;
}

export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (nestsTooDeeply(text)) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: nested too deeply');
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  // A null field means "not given", as in GoTrue's Go structs (supabase-js sends `code_challenge: null`).
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AuthError(400, 'validation_failed', `Invalid request: ${where}${issue?.message ?? 'malformed body'}`);
  }
  return parsed.data;
}

/** The client's address: the last entry of the configured forwarding header (what our own proxy saw). */
export function requestInfo(c: Context, config: AuthConfig): RequestInfo {
  const forwarded = c.req.header(config.AUTH_RATE_LIMIT_HEADER) ?? '';
  const ip =
    forwarded
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop() ??
    c.req.header('x-real-ip') ??
    'unknown';
  return { ip, userAgent: c.req.header('user-agent') ?? null };
}

/** Mail language: the user's saved `locale`, else the request's Accept-Language. */
export function localeOf(c: Context, metadata?: Record<string, unknown> | null): Locale {
  const saved = metadata?.locale;
  if (typeof saved === 'string') return saved.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  return /^\s*zh/i.test(c.req.header('accept-language') ?? '') ? 'zh' : 'en';
}

/** `redirect_to` from the query (what supabase-js sends), a header, or the body. */
export function redirectParam(c: Context, body?: { redirect_to?: unknown }): string | undefined {
  const value = c.req.query('redirect_to') ?? c.req.header('redirect_to') ?? body?.redirect_to;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Fields every mail-sending or sign-up body may carry. */
export const pkceFields = {
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
};

export const metaSecurity = { gotrue_meta_security: z.object({ captcha_token: z.string().optional() }).partial().optional() };

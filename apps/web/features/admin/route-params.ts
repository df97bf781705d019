import { AppError } from '@/lib/errors';
import type { RouteRateLimit } from '@/lib/route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid path segment; anything else names nothing, so `not_found`. */
export function idParam(params: Record<string, string | string[]>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || !UUID.test(value)) throw new AppError('not_found');
  return value.toLowerCase();
}

/** Every admin route: generous for people, a ceiling for a stolen session. */
export const adminRateLimit: RouteRateLimit<unknown>[] = [{ name: 'admin', points: 300, durationSeconds: 60, key: ({ user }) => user?.id ?? 'anonymous' }];

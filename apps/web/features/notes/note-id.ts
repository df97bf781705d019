import { z } from 'zod';
import { AppError } from '@/lib/errors';

/** The note id of a route's `[id]`; a malformed id cannot name any note, so it reads as `not_found`. */
export function noteIdParam(params: Record<string, string | string[]>): string {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw new AppError('not_found');
  return parsed.data;
}

// Reading requests the way Dify does: JSON bodies (also on DELETE), `user` required where Dify requires it.
import type { Context } from 'hono';
import { z } from 'zod';
import { invalidParam, parseOrThrow } from './errors';

export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let body: unknown = {};
  const text = await c.req.text();
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidParam('The request body is not valid JSON.');
    }
  }
  return parseOrThrow(schema, body);
}

export function queryParams<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query());
}

export const userField = z.string({ error: 'Arg user must be provided.' }).trim().min(1, 'Arg user must be provided.').max(255);
/** Optional on reads: Dify then uses a default end user. */
export const optionalUser = z
  .string()
  .trim()
  .max(255)
  .optional()
  .transform((v) => v || 'default-user');
export const uuidField = (label: string) => z.string().uuid(`${label} is not a valid UUID`);
export const limitField = z.coerce.number().int().min(1).max(100).default(20);
export const inputsField = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? {});
export const responseMode = z
  .enum(['streaming', 'blocking'])
  .nullish()
  .transform((v) => v ?? 'blocking');
/** dify-client sends `files: null`; file objects are accepted and kept with the message. */
export const filesField = z
  .array(
    z
      .object({ type: z.string(), transfer_method: z.enum(['remote_url', 'local_file']), url: z.string().optional(), upload_file_id: z.string().optional() })
      .loose(),
  )
  .nullish()
  .transform((v) => v ?? []);

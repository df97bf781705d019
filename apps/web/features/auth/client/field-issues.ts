import type { z } from 'zod';

/**
 * A form's validation issues by field (the first per field; issues without a path go under `form`), each message
 * key translated by `translate` (the `validation` messages).
 */
export function fieldIssues(error: z.ZodError, translate: (key: 'invalid') => string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) found[String(issue.path[0] ?? 'form')] ??= translate(issue.message as 'invalid');
  return found;
}

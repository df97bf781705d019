// Dify's error vocabulary and wire shape: `{ code, message, status }` (docs/protocols/dify.md §1.3).
import type { Context } from 'hono';
import { z } from 'zod';

/** The codes this service answers with; each names the case Dify uses it for. */
export type DifyErrorCode =
  /** The body or query failed validation. */
  | 'invalid_param'
  /** The key's app cannot serve this route (Dify's `app_unavailable`, e.g. a completion route with a chat key). */
  | 'app_unavailable'
  | 'not_chat_app'
  | 'not_completion_app'
  | 'not_workflow_app'
  /** No model configured for an app that needs one. */
  | 'provider_not_initialize'
  /** The model call failed or timed out. */
  | 'completion_request_error'
  | 'workflow_request_error'
  | 'no_file_uploaded'
  | 'too_many_files'
  | 'filename_not_exists_error'
  | 'file_too_large'
  | 'unsupported_file_type'
  /**
   * An attached document passed a reading limit (pages, decoded size, time, memory); `file`, `pages_read` and
   * `reason` say which and how far it got. Not Dify's: its apps answer an unreadable file in the workflow instead.
   */
  | 'document_too_large'
  /** An attached document is not a file its type says (a PDF that PDF.js cannot open); `file` names it. */
  | 'document_unreadable'
  /** A chosen library paper or collection that is not the end user's (or no longer exists). */
  | 'library_paper_not_found'
  | 'library_collection_not_found'
  /** A chosen collection with no papers, or more than a chat or review reads. */
  | 'library_collection_empty'
  | 'library_collection_too_large'
  /** Audio endpoints: this runtime has no speech model. */
  | 'provider_not_support_speech_to_text'
  | 'provider_not_support_text_to_speech'
  | 'unauthorized'
  /** Suggested questions after an answer are switched off for the app. */
  | 'app_suggested_questions_after_answer_disabled'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_entity_too_large'
  | 'internal_server_error';

export class DifyError extends Error {
  override name = 'DifyError';
  constructor(
    readonly status: number,
    readonly code: DifyErrorCode,
    message: string,
    /** Fields beside the three, as Dify adds `params` to some errors; a page reads them to word the error itself. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { ...this.extra, code: this.code, message: this.message, status: this.status };
  }
}

export const invalidParam = (message: string) => new DifyError(400, 'invalid_param', message);
export const notFound = (message: string) => new DifyError(404, 'not_found', message);

/** A zod failure as Dify words one: the first issue, prefixed by its field. */
export function fromZod(error: z.ZodError): DifyError {
  const issue = error.issues[0]!;
  const field = issue.path.join('.');
  return invalidParam(field ? `${field}: ${issue.message}` : issue.message);
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

export function errorResponse(c: Context, error: DifyError): Response {
  if (error.status === 401) c.header('WWW-Authenticate', 'Bearer realm="api"');
  return c.json(error.toJSON(), error.status as 400);
}

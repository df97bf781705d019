'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api/client';
import { authErrorCode, retryAfterSeconds } from '@/lib/auth/auth-errors';
import type { ErrorCode } from '@/lib/errors';

/** What a page shows for a failure: the code, the translated sentence, the field problems and the one-line text. */
export type ShownError = {
  code: ErrorCode;
  /** The code's sentence (a form's alert); for a rule about the whole form, that rule (docs/product.md §5). */
  message: string;
  /** Field problems by field name (`form` for the whole form), in the page's language. */
  issues: Record<string, string>;
  /**
   * One line beside a list or a button: the first field problem or a limit's sentence with its usage as the server
   * wrote them (in the page's language, which every call sends), else the code's sentence.
   */
  text: string;
};

/**
 * Codes a feature explains in its own words, each a key of `namespace` in the messages: the auth service's codes
 * a page meets that the product's vocabulary does not hold (docs/conventions.md §2.1).
 */
export type ExtraErrorCodes = { namespace: 'settings.errors'; codes: ReadonlySet<string> };

/**
 * The one way a page turns any failure into words — an ApiError from the product API, an AuthError from
 * supabase-js in the browser, a thrown TypeError when offline — with a feature's own codes on top.
 */
export function useErrorMessage(extra?: ExtraErrorCodes): (error: unknown) => ShownError {
  const t = useTranslations('errors');
  const v = useTranslations('validation');
  // Unscoped: a page that passes no extra codes need not send any namespace of them to the browser.
  const all = useTranslations();
  return useCallback(
    (error: unknown): ShownError => {
      let code: ErrorCode;
      let seconds = 60;
      const issues: Record<string, string> = {};
      if (error instanceof ApiError) {
        code = error.code;
        seconds = error.retryAfter ?? seconds;
        for (const issue of error.issues) issues[issue.path || 'form'] ??= v.has(issue.code as 'invalid') ? v(issue.code as 'invalid') : issue.message;
      } else if (error instanceof TypeError) {
        code = 'network_error';
      } else {
        const auth = error as { code?: string; name?: string; status?: number; message?: string; reasons?: string[] };
        code = authErrorCode(auth);
        if (code === 'rate_limited') seconds = retryAfterSeconds(auth);
        if (code === 'weak_password') {
          for (const reason of auth.reasons ?? []) issues.password ??= v(`weak_password_${reason}` as 'invalid');
        }
      }
      const codeText = code === 'rate_limited' ? t('rate_limited', { seconds }) : t(code as 'bad_request');
      // A rule about the whole form (docs/product.md §5) is the message itself, as in the API's answer.
      let message = code === 'validation_failed' && issues.form ? issues.form : codeText;
      const raw = (error as { code?: unknown } | null)?.code;
      if (extra && typeof raw === 'string' && extra.codes.has(raw)) message = all(`${extra.namespace}.${raw}` as 'errors.bad_request');
      return { code, message, issues, text: textOf(error, codeText, t('internal_error')) };
    },
    [t, v, all, extra],
  );
}

/** The one line for a list or a button: what the server said about the first field or the limit, else the code. */
function textOf(error: unknown, codeText: string, unknown: string): string {
  if (!(error instanceof ApiError)) return unknown;
  if (error.issues[0]?.message) return error.issues[0].message;
  if (error.limit && error.serverMessage) return error.serverMessage;
  return codeText;
}

/** {@link useErrorMessage}'s one-line text: for the research, library, notes and AI usage pages. */
export function useErrorText(): (error: unknown) => string {
  const toMessage = useErrorMessage();
  return useCallback((error: unknown) => toMessage(error).text, [toMessage]);
}

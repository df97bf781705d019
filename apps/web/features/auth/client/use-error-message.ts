'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { ErrorCode } from '@/lib/errors';
import { authErrorCode, retryAfterSeconds } from '../auth-errors';
import { ApiError } from './api';

/** What the forms show for a failure: the code and the translated sentence. */
export type ShownError = { code: ErrorCode; message: string; issues: Record<string, string> };

/**
 * Turns any failure of a sign-in step — an ApiError from the product API, an AuthError from supabase-js in the
 * browser, a thrown TypeError when offline — into a message in the page's language.
 */
export function useErrorMessage() {
  const t = useTranslations('errors');
  const v = useTranslations('validation');
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
      // A rule about the whole form (docs/product.md §5) is the message itself, as in the API's answer.
      const message =
        code === 'rate_limited' ? t('rate_limited', { seconds }) : code === 'validation_failed' && issues.form ? issues.form : t(code as 'bad_request');
      return { code, message, issues };
    },
    [t, v],
  );
}

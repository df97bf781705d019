'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ApiError } from '@/features/auth/client/api';

/** A failed call in words: the first field problem (translated by the server), else the error code's message. */
export function useErrorText() {
  const t = useTranslations('errors');
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        if (error.issues[0]?.message) return error.issues[0].message;
        if (error.limit && error.serverMessage) return error.serverMessage;
        return error.code === 'rate_limited' ? t('rate_limited', { seconds: error.retryAfter ?? 60 }) : t(error.code);
      }
      return t('internal_error');
    },
    [t],
  );
}

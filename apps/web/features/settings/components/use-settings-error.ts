'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useErrorMessage, type ShownError } from '@/features/auth/client/use-error-message';

/** Auth service codes the settings explain in their own words (the sign-in pages never meet them). */
const ownCodes = new Set([
  'reauthentication_not_valid',
  'same_password',
  'email_exists',
  'phone_exists',
  'identity_already_exists',
  'single_identity_not_deletable',
  'manual_linking_disabled',
  'mfa_factor_name_conflict',
  'too_many_enrolled_mfa_factors',
  'insufficient_aal',
]);

/** Any failure as a sentence in the page's language: the settings' own for the codes above, the auth pages' otherwise. */
export function useSettingsError() {
  const t = useTranslations('settings.errors');
  const toMessage = useErrorMessage();
  return useCallback(
    (error: unknown): ShownError => {
      const shown = toMessage(error);
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && ownCodes.has(code)) return { ...shown, message: t(code as 'same_password') };
      return shown;
    },
    [t, toMessage],
  );
}

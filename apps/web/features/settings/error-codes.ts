import type { ExtraErrorCodes } from '@/hooks/use-error-message';

/** Auth service codes the settings explain in their own words (the sign-in pages never meet them). */
export const settingsErrorCodes: ExtraErrorCodes = {
  namespace: 'settings.errors',
  codes: new Set([
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
  ]),
};

import 'server-only';

/** A GoTrue boolean setting as the embedded service reads it (`true`/`false`, any case; unset: its default). */
function flag(name: string, fallback: boolean): boolean {
  const value = process.env[name]?.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
}

/**
 * Auth settings the settings pages follow that GoTrue's public `/settings` does not report. They come from the
 * same variables the auth service reads (GoTrue's names, the `AUTH_` prefix; a hosted project is configured
 * with the same names), with GoTrue's defaults.
 */
export function settingsAuthFeatures() {
  return {
    manualLinking: flag('AUTH_SECURITY_MANUAL_LINKING_ENABLED', false),
    phoneMfa: flag('AUTH_MFA_PHONE_ENROLL_ENABLED', false) && flag('AUTH_MFA_PHONE_VERIFY_ENABLED', false),
    secureEmailChange: flag('AUTH_MAILER_SECURE_EMAIL_CHANGE_ENABLED', true),
  };
}

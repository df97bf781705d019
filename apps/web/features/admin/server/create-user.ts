import 'server-only';
import { authErrorCode } from '@/lib/auth/auth-errors';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { AppError } from '@/lib/errors';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import type { CreateUserInput } from '../schema';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';

/**
 * Creates an account for someone who cannot sign up themselves: with a password the admin passes on (no mail is
 * sent), or by inviting the address — the auth service's invitation mail, whose link (verified by
 * /api/auth/confirm, see send-link.ts) leads to choosing a password on this site, `origin`, in `locale`.
 */
export async function createUser(actor: Actor, input: CreateUserInput, origin: string, locale: Locale = 'en') {
  const admin = await createSupabaseAdminClient();
  const { data, error } =
    input.method === 'invite'
      ? await admin.auth.admin.inviteUserByEmail(input.email, {
          redirectTo: new URL(localizePath('/auth/reset-password', locale), origin).toString(),
          data: { locale },
        })
      : await admin.auth.admin.createUser({ email: input.email, password: input.password, email_confirm: input.email_confirm });
  if (error || !data.user) {
    const code = error ? authErrorCode(error) : 'internal_error';
    throw new AppError(code === 'internal_error' ? 'auth_unavailable' : code, { cause: error });
  }
  const email = data.user.email ?? input.email;
  await appendAudit({
    actor: actorOf(actor),
    action: input.method === 'invite' ? 'user.invite' : 'user.create',
    target: { id: data.user.id, email },
    before: null,
    after: input.method === 'invite' ? { email, invited: true } : { email, confirmed: input.email_confirm },
    ip: actor.ip,
  });
  return { id: data.user.id, email, invited: input.method === 'invite' };
}

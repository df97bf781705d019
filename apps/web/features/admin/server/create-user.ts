import 'server-only';
import { authErrorCode } from '@/features/auth/auth-errors';
import { createSupabaseAdminClient } from '@/features/settings/server/admin-client';
import { AppError } from '@/lib/errors';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';

/** Creates an account with a password (for someone who cannot sign up themselves); no mail is sent. */
export async function createUser(actor: Actor, input: { email: string; password: string; email_confirm: boolean }) {
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.createUser({ email: input.email, password: input.password, email_confirm: input.email_confirm });
  if (error) {
    const code = authErrorCode(error);
    throw new AppError(code === 'internal_error' ? 'auth_unavailable' : code, { cause: error });
  }
  await appendAudit({
    actor: actorOf(actor),
    action: 'user.create',
    target: { id: data.user.id, email: data.user.email ?? input.email },
    before: null,
    after: { email: data.user.email ?? input.email, confirmed: input.email_confirm },
    ip: actor.ip,
  });
  return { id: data.user.id, email: data.user.email ?? input.email };
}

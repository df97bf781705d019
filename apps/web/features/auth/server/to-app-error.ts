import 'server-only';
import { AppError } from '@/lib/errors';
import { authErrorCode, retryAfterSeconds, weakPasswordReasons } from '@/lib/auth/auth-errors';

/** An error from supabase-js as the product's AppError (the server never sends the service's own text). */
export function toAppError(error: unknown): AppError {
  const raw = error as { code?: string; name?: string; status?: number; message?: string };
  const code = authErrorCode(raw);
  if (code === 'weak_password') {
    return new AppError('weak_password', {
      cause: error,
      issues: weakPasswordReasons(error).map((reason) => ({ path: 'password', code: `weak_password_${reason}` })),
    });
  }
  if (code === 'rate_limited') return new AppError('rate_limited', { cause: error, retryAfter: retryAfterSeconds(raw) });
  // From the server's point of view a missing answer is the auth service being unavailable.
  return new AppError(code === 'network_error' ? 'auth_unavailable' : code, { cause: error });
}

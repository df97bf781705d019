import { passwordCheckSchema } from '@/features/auth/schema';
import { checkPassword } from '@/features/auth/server/check-password';
import { getAuthConfig } from '@/features/auth/server/get-auth-config';
import { authLimits } from '@/features/auth/server/limits';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/auth/password-check – which of the auth service's weak_password reasons a password has
export const POST = route({ input: passwordCheckSchema, rateLimit: [authLimits.passwordCheckPerAddress] }, async ({ input }) => ({
  reasons: checkPassword(input.password, (await getAuthConfig()).passwordPolicy),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });

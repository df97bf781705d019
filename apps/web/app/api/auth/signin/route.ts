import { signInSchema } from '@/features/auth/schema';
import { authLimits } from '@/features/auth/server/limits';
import { signIn } from '@/features/auth/server/sign-in';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/auth/signin – sign in with an email or phone and a password; sets the session cookies
// (The page then goes to its redirect target and clears the guard's redirect cookie itself.)
export const POST = route({ input: signInSchema, rateLimit: [authLimits.signInPerAccount] }, ({ input }) => signIn(input));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });

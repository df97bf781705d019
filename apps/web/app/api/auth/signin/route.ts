import { signInSchema } from '@/features/auth/schema';
import { authLimits } from '@/features/auth/server/limits';
import { signIn } from '@/features/auth/server/sign-in';
import { route } from '@/lib/route';

// POST /api/auth/signin – sign in with an email or phone and a password; sets the session cookies
// (The page then goes to its redirect target and clears the guard's redirect cookie itself.)
export const POST = route({ input: signInSchema, rateLimit: [authLimits.signInPerAccount] }, ({ input }) => signIn(input));

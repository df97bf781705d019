import { signUpSchema } from '@/features/auth/schema';
import { authLimits } from '@/features/auth/server/limits';
import { signUp } from '@/features/auth/server/sign-up';
import { route } from '@/lib/route';
import { requestOrigin } from '@/lib/request-info';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/auth/signup – create an account; the confirmation mail (or SMS code) goes out
export const POST = route({ input: signUpSchema, rateLimit: [authLimits.signUpPerAddress] }, ({ input, request, locale }) =>
  signUp(input, { origin: requestOrigin(request.headers), locale }),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });

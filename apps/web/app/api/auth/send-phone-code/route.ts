import { sendPhoneCodeSchema } from '@/features/auth/schema';
import { authLimits } from '@/features/auth/server/limits';
import { sendPhoneCode } from '@/features/auth/server/send-phone-code';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/auth/send-phone-code – text a one-time sign-in code to a phone (channel sms)
export const POST = route({ input: sendPhoneCodeSchema, rateLimit: [authLimits.phoneCodePerNumber, authLimits.phoneCodePerAddress] }, ({ input }) =>
  sendPhoneCode(input.phone),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });

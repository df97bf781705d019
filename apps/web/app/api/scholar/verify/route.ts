import { MAX_BIBLIOGRAPHY_BODY_BYTES } from '@/features/research/limits';
import { verifyRequestSchema } from '@/features/research/schema';
import { checkReferences } from '@/features/research/server/check-references';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { consumeLimit } from '@/features/entitlements/server/limits';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/scholar/verify – check each entry of a bibliography: verified, mismatch (which fields) or not found
export const POST = route(
  {
    input: verifyRequestSchema,
    auth: 'optional',
    rateLimit: [{ name: 'scholar-verify', points: 10, durationSeconds: 60 }],
    maxBodyBytes: MAX_BIBLIOGRAPHY_BODY_BYTES,
  },
  async ({ input, request, user }) => {
    // A signed-in user's check of a bibliography counts once against the plan's reference checks per month.
    if (user) await consumeLimit(user.claims, 'referenceChecksPerMonth');
    return { entries: await checkReferences(await scholarSources(), input, request.signal) };
  },
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });

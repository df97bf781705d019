import { importReferencesSchema } from '@/features/library/schema';
import { MAX_BIBLIOGRAPHY_BODY_BYTES } from '@/features/research/limits';
import { perUser } from '@/lib/user-rate-limit';
import { importReferences } from '@/features/library/server/import-references';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/library/import – save every entry of a BibTeX, RIS or CSL-JSON file, each checked against the sources
export const POST = route(
  { input: importReferencesSchema, auth: 'required', rateLimit: [perUser('library-import', 10)], maxBodyBytes: MAX_BIBLIOGRAPHY_BODY_BYTES },
  async ({ input, user, request }) => importReferences(user.claims, await scholarSources(), input, request.signal),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });

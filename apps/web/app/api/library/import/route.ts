import { importReferencesSchema } from '@/features/library/schema';
import { MAX_BIBLIOGRAPHY_BODY_BYTES } from '@/features/research/limits';
import { perUser } from '@/features/library/rate-limits';
import { importReferences } from '@/features/library/server/import-references';
import { route } from '@/lib/route';

// POST /api/library/import – save every entry of a BibTeX, RIS or CSL-JSON file
export const POST = route(
  { input: importReferencesSchema, auth: 'required', rateLimit: [perUser('library-import', 10)], maxBodyBytes: MAX_BIBLIOGRAPHY_BODY_BYTES },
  ({ input, user }) => importReferences(user.claims, input),
);

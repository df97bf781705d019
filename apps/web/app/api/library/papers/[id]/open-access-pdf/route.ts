import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { attachOpenAccessPdfSchema } from '@/features/library/schema';
import { attachOpenAccessPdf } from '@/features/library/server/attach-open-access-pdf';
import { env } from '@/lib/env';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';
import { createSupabaseServerClient } from '@/lib/supabase/server';

// POST /api/library/papers/:id/open-access-pdf – fetch the paper's open-access PDF into My files and attach it
export const POST = route(
  { input: attachOpenAccessPdfSchema, auth: 'required', rateLimit: [perUser('library-write', 120), perUser('library-pdf-fetch', 20)] },
  async ({ user, params, request }) => ({
    file: await attachOpenAccessPdf(user.claims, libraryEntryId(params), {
      storage: await createSupabaseServerClient(),
      allowAddresses: env.REMOTE_FETCH_ALLOW_ADDRESSES,
      signal: request.signal,
    }),
  }),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });

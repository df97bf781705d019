import { unsharePaper } from '@/features/team/server/shared-library';
import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// DELETE /api/team/library/:id – removes a paper from the team's shared library
export const DELETE = route({ auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ user, params }) => {
  await unsharePaper(user.claims, libraryEntryId(params));
  return { removed: true };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });

import { perUser } from '@/lib/user-rate-limit';
import { exportResponse, exportUserData } from '@/features/settings/server/export-data';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/user/export – everything the product keeps about the signed-in user, as one JSON download
export const GET = route({ auth: 'required', rateLimit: [perUser('user-export', 10)] }, async ({ user }) => {
  const now = new Date();
  return exportResponse(await exportUserData(user, now), now);
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });

import { getFilesUsage } from '@/features/files/server/get-files-usage';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/files/usage – the user's stored bytes against the plan's storageMb, and the files bucket's limits
export const GET = route({ auth: 'required' }, ({ user }) => getFilesUsage(user));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });

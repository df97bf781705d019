import { getFilesUsage } from '@/features/files/server/get-files-usage';
import { route } from '@/lib/route';

// GET /api/files/usage – the user's stored bytes against the plan's storageMb, and the files bucket's limits
export const GET = route({ auth: 'required' }, ({ user }) => getFilesUsage(user));

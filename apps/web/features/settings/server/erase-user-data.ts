import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import { deleteAiData } from '@/features/ai/server/user-ai-data';
import { removeUserFiles } from '@/features/files/server/remove-user-files';
import { removeUserData } from './user-data';

/**
 * The one job that removes everything Citewise keeps for a user, in every schema but the auth service's own (the
 * account itself goes last, through the auth admin API; see deleteAccount): their stored files (storage schema,
 * bytes included), everything the AI runtime keeps for them (ai schema, or their conversations on a Dify server),
 * then their rows of the product's tables (app schema; papers they shared with someone else's team stay the team's,
 * no longer credited to them). Each step removes what is left of its part, so the job is safe to run again after a
 * failure part-way, and a second run removes only what was written in between. `user-data-coverage.test.ts` fails
 * when a table keyed by a user is reached by neither this nor the auth service.
 *
 * Caches: the session check's mark (set before this runs) keeps the account's sessions refused; the remembered AI
 * quota and the rate-limit counters keyed by the user hold counts only and expire within their windows.
 */
export async function eraseUserData(admin: SupabaseClient, userId: string) {
  const storage = await removeUserFiles(admin, userId);
  const ai = await deleteAiData(userId);
  const app = await removeUserData(userId);
  return { storage, ai, app };
}

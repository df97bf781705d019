import 'server-only';
import type { SessionUser } from '@/lib/auth/session';
import { withUserDb } from '@/lib/db/user-db';
import { PDF_PICKER_LIMIT } from '../schema';
import type { StoredFile } from '../types';
import { storedPdfs } from './stored-files';

/** The PDFs of My files a library paper can be given, newest first, found by name or folder. */
export function listPdfs(user: SessionUser, query: string): Promise<StoredFile[]> {
  return withUserDb(user.claims, (db) => storedPdfs(db, user.id, query, PDF_PICKER_LIMIT));
}

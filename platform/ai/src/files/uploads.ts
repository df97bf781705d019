// Uploads as a question finds them: the row without its bytes, which are loaded only when needed (an image, or a
// document whose reading is not kept), since reading a large bytea holds up the serving thread (PGlite decodes it
// there).
import { eq } from '@citewise/db/orm';
import type { AiContext } from '../context';
import { files } from '../db/schema';

/** Every column of an upload but its bytes. */
export const uploadInfo = {
  id: files.id,
  appId: files.appId,
  endUser: files.endUser,
  name: files.name,
  size: files.size,
  extension: files.extension,
  mimeType: files.mimeType,
  createdAt: files.createdAt,
};

/** An upload's bytes (the upload was found for its user before). */
export async function uploadBytes(ctx: AiContext, id: string): Promise<Buffer> {
  const [row] = await ctx.db.select({ content: files.content }).from(files).where(eq(files.id, id));
  if (!row) throw new Error(`upload ${id} vanished while it was read`);
  return row.content;
}

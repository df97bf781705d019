// POST /files/upload: one multipart `file` and `user` → 201 with the file's record (docs/protocols/dify.md §2.5).
import { Hono } from 'hono';
import { DOCUMENT_EXTENSIONS as DOCUMENT, IMAGE_EXTENSIONS as IMAGE } from '../chat/attachments';
import type { AiContext, AiEnv } from '../context';
import { files } from '../db/schema';
import { DifyError, invalidParam } from '../errors';
import { seconds } from '../time';

export function fileRoutes(ctx: AiContext) {
  return new Hono<AiEnv>().post('/files/upload', async (c) => {
    const app = c.get('app');
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw new DifyError(400, 'no_file_uploaded', 'Please upload your file.');
    const form = await c.req.formData().catch(() => {
      throw invalidParam('The multipart body could not be read.');
    });
    const all = form.getAll('file');
    if (all.length === 0) throw new DifyError(400, 'no_file_uploaded', 'Please upload your file.');
    if (all.length > 1) throw new DifyError(400, 'too_many_files', 'Only one file is allowed.');
    const file = all[0]!;
    if (typeof file === 'string') throw new DifyError(400, 'no_file_uploaded', 'Please upload your file.');
    if (!file.name) throw new DifyError(400, 'filename_not_exists_error', 'The specified filename does not exist.');
    const user = String(form.get('user') ?? '').trim() || 'default-user';
    const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    const image = IMAGE.includes(extension);
    if (!image && !DOCUMENT.includes(extension)) throw new DifyError(415, 'unsupported_file_type', 'File type not allowed.');
    const limitMb = image ? ctx.config.AI_UPLOAD_IMAGE_FILE_SIZE_LIMIT : ctx.config.AI_UPLOAD_FILE_SIZE_LIMIT;
    if (file.size > limitMb * 1024 * 1024) throw new DifyError(413, 'file_too_large', `File size exceeded. ${file.size} > ${limitMb} MB`);
    const [row] = await ctx.db
      .insert(files)
      .values({
        appId: app.id,
        endUser: user,
        name: file.name,
        size: file.size,
        extension,
        mimeType: file.type || 'application/octet-stream',
        content: Buffer.from(await file.arrayBuffer()),
      })
      .returning({ id: files.id, createdAt: files.createdAt });
    return c.json(
      {
        id: row!.id,
        name: file.name,
        size: file.size,
        extension,
        mime_type: file.type || 'application/octet-stream',
        created_by: user,
        created_at: seconds(row!.createdAt),
      },
      201,
    );
  });
}

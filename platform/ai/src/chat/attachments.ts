// Files sent with a chat question (`files` of POST /chat-messages, uploaded before through /files/upload): the
// user's own uploads are read and handed to the model — text taken out of PDFs and text files, images as image
// parts when the app's model reads images. Files given by `remote_url` are fetched through the guard every
// server-side fetch of a user-given URL takes (@citewise/scholar/remote-fetch: no loopback, private, link-local or
// metadata addresses, at most 3 redirects, the upload size limit, a deadline) and then read like uploads: a PDF on a
// thread of its own, under reading limits (files/document-text.ts).
import { and, eq, inArray } from '@citewise/db/orm';
import { fetchRemote, RemoteFetchError } from '@citewise/scholar/remote-fetch';
import type { AppDefinition } from '../apps/types';
import type { AiContext } from '../context';
import { files } from '../db/schema';
import { documentText } from '../files/document-text';
import { uploadBytes, uploadInfo } from '../files/uploads';
import { PROVIDER_HELP } from '../config';
import { DifyError, invalidParam } from '../errors';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'];
/** Everything Dify's upload accepts as a document (docs/protocols/dify.md §2.5). */
export const DOCUMENT_EXTENSIONS = [
  'txt',
  'md',
  'markdown',
  'mdx',
  'pdf',
  'html',
  'xlsx',
  'xls',
  'vtt',
  'properties',
  'doc',
  'docx',
  'csv',
  'eml',
  'msg',
  'pptx',
  'ppt',
  'xml',
  'epub',
];
/** The documents whose text this runtime can read for the model. */
export const READABLE_EXTENSIONS = ['pdf', 'txt', 'md', 'markdown', 'mdx', 'csv', 'html', 'xml', 'vtt', 'properties'];
/** Images the model is sent (SVG is markup, which vision models do not take). */
const VISION_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
/** Files per question, as `file_upload.number_limits` in /parameters. */
export const FILES_PER_MESSAGE = 3;

export type FileReference = { type: string; transfer_method: string; url?: string; upload_file_id?: string };

export interface Attachment {
  id: string;
  name: string;
  size: number;
  extension: string;
  mimeType: string;
  kind: 'document' | 'image';
  /** A document's text (cut to the configured limit), or null for an image. */
  text: string | null;
  truncated: boolean;
  /** An image as a data URL, or null for a document. */
  dataUrl: string | null;
}

/** Which uploads a chat app accepts: documents always, images when its model reads them. */
export function acceptedExtensions(ctx: AiContext, app: AppDefinition): string[] {
  return ctx.config.visionFor(app.id) ? [...READABLE_EXTENSIONS, ...VISION_EXTENSIONS] : READABLE_EXTENSIONS;
}

/**
 * Loads the files a question refers to: uploads, each the same user's upload to this app (Dify scopes files to
 * the end user), then `remote_url` files, fetched under the guard. A file the app cannot pass on (an image without vision, a document it cannot read) is refused
 * rather than silently left out, so the person never believes the model read it.
 */
export async function loadAttachments(ctx: AiContext, app: AppDefinition, user: string, references: FileReference[]): Promise<Attachment[]> {
  if (references.length > FILES_PER_MESSAGE) throw invalidParam(`At most ${FILES_PER_MESSAGE} files can be sent with one message.`);
  const ids = references.filter((f) => f.transfer_method === 'local_file').map((f) => f.upload_file_id ?? '');
  const remote = references.filter((f) => f.transfer_method === 'remote_url');
  if (ids.length === 0 && remote.length === 0) return [];
  if (!ctx.config.modelFor(app.id)) throw new DifyError(400, 'provider_not_initialize', `Attached files are read by the model. ${PROVIDER_HELP}`);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (ids.some((id) => !uuid.test(id))) throw invalidParam('Invalid upload file id.');
  const uploads = ids.length
    ? await ctx.db
        .select(uploadInfo)
        .from(files)
        .where(and(inArray(files.id, ids), eq(files.appId, app.id), eq(files.endUser, user)))
    : [];
  const rows: FileRow[] = ids.map((id) => {
    const row = uploads.find((r) => r.id === id);
    if (!row) throw invalidParam('Invalid upload file id.');
    return row;
  });
  for (const reference of remote) rows.push({ ...(await fetchRemoteFile(ctx, reference.url ?? '')), appId: app.id, endUser: user });
  const accepted = acceptedExtensions(ctx, app);
  const attachments: Attachment[] = [];
  for (const row of rows) {
    if (!accepted.includes(row.extension)) {
      throw new DifyError(415, 'unsupported_file_type', `File type not allowed: ${row.name} cannot be read by this app.`);
    }
    const base = { id: row.id, name: row.name, size: row.size, extension: row.extension, mimeType: row.mimeType };
    // A remote file came with its bytes; an upload's are loaded only when needed.
    const bytes = async () => row.content ?? (await uploadBytes(ctx, row.id));
    if (IMAGE_EXTENSIONS.includes(row.extension)) {
      const mime = row.mimeType.startsWith('image/') ? row.mimeType : `image/${row.extension === 'jpg' ? 'jpeg' : row.extension}`;
      attachments.push({
        ...base,
        kind: 'image',
        text: null,
        truncated: false,
        dataUrl: `data:${mime};base64,${Buffer.from(await bytes()).toString('base64')}`,
      });
      continue;
    }
    const { text, truncated } = await documentText(ctx.config, { name: row.name, extension: row.extension, uploadId: row.content ? undefined : row.id, bytes });
    attachments.push({ ...base, kind: 'document', text, truncated, dataUrl: null });
  }
  return attachments;
}

/** An upload without its bytes, or a remote file with them. */
type FileRow = Omit<typeof files.$inferSelect, 'content'> & { content?: Buffer };

/** Extensions for the types a remote file may declare when its URL names none. */
const EXTENSION_BY_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/html': 'html',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/vtt': 'vtt',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A `remote_url` file, fetched under the guard's rules, as the row an upload of it would have made. */
async function fetchRemoteFile(ctx: AiContext, url: string): Promise<Omit<FileRow, 'appId' | 'endUser'> & { content: Buffer }> {
  const limitMb = Math.max(ctx.config.AI_UPLOAD_FILE_SIZE_LIMIT, ctx.config.AI_UPLOAD_IMAGE_FILE_SIZE_LIMIT);
  let fetched;
  try {
    fetched = await fetchRemote(url, { maxBytes: limitMb * 1024 * 1024, allowAddresses: ctx.remoteFileAllowAddresses });
  } catch (error) {
    if (error instanceof RemoteFetchError) {
      if (error.reason === 'too_large') throw new DifyError(413, 'file_too_large', `File size exceeded. ${error.message}`);
      throw invalidParam(`The remote file could not be fetched: ${error.message}`);
    }
    throw error;
  }
  if (fetched.status !== 200) throw invalidParam(`The remote file could not be fetched: the server answered ${fetched.status}.`);
  const mimeType = (fetched.contentType ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
  const segment = decodeURIComponent(new URL(fetched.url).pathname.split('/').pop() ?? '');
  const named = /\.([a-z0-9]{1,10})$/i.exec(segment)?.[1]?.toLowerCase();
  const extension = named ?? EXTENSION_BY_TYPE[mimeType] ?? '';
  return {
    id: crypto.randomUUID(),
    name: segment || `remote-file${extension ? `.${extension}` : ''}`,
    size: fetched.body.length,
    extension,
    mimeType,
    content: fetched.body,
    createdAt: new Date(),
  };
}

/** The question with the attached documents' text after it, as the model's user message reads it. */
export function questionWithDocuments(query: string, attachments: Attachment[]): string {
  const documents = attachments.filter((a) => a.kind === 'document');
  if (documents.length === 0) return query;
  const blocks = documents.map((d) => {
    const body = d.text || '(This file has no extractable text.)';
    return `<attached_file name="${d.name.replace(/"/g, "'")}">\n${body}${d.truncated ? '\n[The rest of the file was cut off.]' : ''}\n</attached_file>`;
  });
  return `${query}\n\nThe user attached ${documents.length === 1 ? 'a file' : `${documents.length} files`}:\n\n${blocks.join('\n\n')}`;
}

/** How `/messages` lists a question's files (`message_files`): uploads with their name, remote URLs as sent. */
export function messageFiles(references: FileReference[], attachments: Attachment[]) {
  return references.map((f) => {
    const upload = attachments.find((a) => a.id === f.upload_file_id);
    if (upload) {
      return {
        id: upload.id,
        type: upload.kind,
        url: '',
        belongs_to: 'user',
        transfer_method: 'local_file',
        upload_file_id: upload.id,
        filename: upload.name,
        size: upload.size,
        mime_type: upload.mimeType,
      };
    }
    return { id: f.upload_file_id ?? crypto.randomUUID(), type: f.type, url: f.url ?? '', belongs_to: 'user', transfer_method: f.transfer_method };
  });
}

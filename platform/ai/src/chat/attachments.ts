// Files sent with a chat question (`files` of POST /chat-messages, uploaded before through /files/upload): the
// user's own uploads are read and handed to the model — text taken out of PDFs and text files, images as image
// parts when the app's model reads images. Remote URLs are kept with the message but never fetched.
import { and, eq, inArray } from '@citewise/db/orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { AppDefinition } from '../apps/types';
import type { AiContext } from '../context';
import { files } from '../db/schema';
import { PROVIDER_HELP } from '../config';
import { DifyError, invalidParam } from '../errors';

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'];
/** Everything Dify's upload accepts as a document (protocol notes §2.5). */
export const DOCUMENT_EXTENSIONS = ['txt', 'md', 'markdown', 'mdx', 'pdf', 'html', 'xlsx', 'xls', 'vtt', 'properties', 'doc', 'docx', 'csv', 'eml', 'msg', 'pptx', 'ppt', 'xml', 'epub'];
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
 * Loads the uploads a question refers to. Each must be the same user's upload to this app (Dify scopes files to
 * the end user); a file the app cannot pass on (an image without vision, a document it cannot read) is refused
 * rather than silently left out, so the person never believes the model read it.
 */
export async function loadAttachments(ctx: AiContext, app: AppDefinition, user: string, references: FileReference[]): Promise<Attachment[]> {
  if (references.length > FILES_PER_MESSAGE) throw invalidParam(`At most ${FILES_PER_MESSAGE} files can be sent with one message.`);
  const ids = references.filter((f) => f.transfer_method === 'local_file').map((f) => f.upload_file_id ?? '');
  if (ids.length === 0) return [];
  if (!ctx.config.modelFor(app.id)) throw new DifyError(400, 'provider_not_initialize', `Attached files are read by the model. ${PROVIDER_HELP}`);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (ids.some((id) => !uuid.test(id))) throw invalidParam('Invalid upload file id.');
  const rows = await ctx.db
    .select()
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.appId, app.id), eq(files.endUser, user)));
  const accepted = acceptedExtensions(ctx, app);
  const attachments: Attachment[] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw invalidParam('Invalid upload file id.');
    if (!accepted.includes(row.extension)) {
      throw new DifyError(415, 'unsupported_file_type', `File type not allowed: ${row.name} cannot be read by this app.`);
    }
    const base = { id: row.id, name: row.name, size: row.size, extension: row.extension, mimeType: row.mimeType };
    if (IMAGE_EXTENSIONS.includes(row.extension)) {
      const mime = row.mimeType.startsWith('image/') ? row.mimeType : `image/${row.extension === 'jpg' ? 'jpeg' : row.extension}`;
      attachments.push({ ...base, kind: 'image', text: null, truncated: false, dataUrl: `data:${mime};base64,${Buffer.from(row.content).toString('base64')}` });
      continue;
    }
    const full = await documentText(row.extension, row.content, row.name);
    const limit = ctx.config.AI_ATTACHMENT_TEXT_LIMIT;
    attachments.push({ ...base, kind: 'document', text: full.slice(0, limit), truncated: full.length > limit, dataUrl: null });
  }
  return attachments;
}

/** The text of a document: PDF text through PDF.js (unpdf), anything else read as UTF-8. */
export async function documentText(extension: string, content: Buffer, name: string): Promise<string> {
  if (extension !== 'pdf') return new TextDecoder('utf-8').decode(content).replace(/\r\n?/g, '\n').trim();
  try {
    const pdf = await getDocumentProxy(new Uint8Array(content));
    try {
      const { text } = await extractText(pdf, { mergePages: true });
      return text.trim();
    } finally {
      await pdf.destroy();
    }
  } catch {
    throw invalidParam(`The PDF ${name} could not be read.`);
  }
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
      return { id: upload.id, type: upload.kind, url: '', belongs_to: 'user', transfer_method: 'local_file', upload_file_id: upload.id, filename: upload.name, size: upload.size, mime_type: upload.mimeType };
    }
    return { id: f.upload_file_id ?? crypto.randomUUID(), type: f.type, url: f.url ?? '', belongs_to: 'user', transfer_method: f.transfer_method };
  });
}

import 'server-only';
import type { SupabaseClient } from '@supabase/supabase-js';
import { openAccessPdfOf } from '@citewise/scholar/paper';
import { fetchRemote, RemoteFetchError } from '@citewise/scholar/remote-fetch';
import { eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { FILES_BUCKET, fileKey, MAX_NAME_LENGTH } from '@/lib/files/file-keys';
import { storageProblem } from '@/lib/supabase/storage-problem';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { planOf } from '@/features/entitlements/server/limits';
import { quotaBytes, usedBytes } from '@/features/files/server/storage-quota';
import type { PaperFile } from '../types';
import { attachPaperFile } from './attach-paper-file';
import { listPaperFiles } from './list-paper-files';

/** The largest open-access PDF fetched, whatever the bucket would take: the bytes are held in memory once. */
export const MAX_OPEN_ACCESS_PDF_BYTES = 50 * 1024 * 1024;
/** Publishers' servers can be slow; the user watches a progress line meanwhile. */
const FETCH_TIMEOUT_MS = 30_000;

export type OpenAccessOptions = {
  /** The user's own storage client: the upload is theirs, under the storage service's rules and plan quota. */
  storage: SupabaseClient;
  /** Tests only (REMOTE_FETCH_ALLOW_ADDRESSES): addresses the fetch may reach although they are private. */
  allowAddresses?: readonly string[];
  signal?: AbortSignal;
};

/**
 * Fetches a saved paper's open-access PDF (its `openAccessPdf`, else its arXiv PDF) through the URL guard, stores
 * it at the top of the user's My files as an upload would be (their bucket folder, their quota), and attaches it.
 * `not_found` for no such paper of the user's or no open-access link; `pdf_already_attached` when a PDF is on the
 * paper already; `source_refused` / `source_unreachable` for a link that may not or could not be fetched;
 * `not_a_pdf` when the bytes do not start as a PDF; `file_too_large` / `storage_quota_exceeded` past the caps.
 */
export async function attachOpenAccessPdf(claims: UserClaims, paperId: string, options: OpenAccessOptions): Promise<PaperFile> {
  const attached = await listPaperFiles(claims, paperId);
  if (attached.some((file) => file.type === 'application/pdf')) throw new AppError('pdf_already_attached');
  const { paper, room } = await withUserDb(claims, async (db) => {
    const [row] = await db.select({ paper: libraryPapers.paper }).from(libraryPapers).where(eq(libraryPapers.id, paperId));
    if (!row) throw new AppError('not_found');
    const quota = quotaBytes(await planOf(db, claims.sub));
    return { paper: row.paper, room: quota === null ? Infinity : quota - (await usedBytes(db, claims.sub)) };
  });
  const url = openAccessPdfOf(paper);
  if (!url) throw new AppError('not_found', { message: 'The paper has no open-access PDF' });
  if (room <= 0) throw new AppError('storage_quota_exceeded');

  // Refused before a byte is read when the declared size passes the cap, cut off when the stream does.
  const cap = Math.min(MAX_OPEN_ACCESS_PDF_BYTES, (await bucketFileSizeLimit()) ?? Infinity);
  const maxBytes = Math.min(cap, room);
  const body = await fetchPdf(url, { maxBytes, quotaBound: room < cap, ...options });

  const key = await store(options.storage, claims.sub, fileNameOf(paper.title, url), body);
  try {
    return await attachPaperFile(claims, paperId, key);
  } catch (error) {
    await options.storage.storage.from(FILES_BUCKET).remove([key]);
    throw error;
  }
}

async function fetchPdf(url: string, options: OpenAccessOptions & { maxBytes: number; quotaBound: boolean }): Promise<Buffer> {
  let response;
  try {
    response = await fetchRemote(url, {
      maxBytes: options.maxBytes,
      timeoutMs: FETCH_TIMEOUT_MS,
      allowAddresses: options.allowAddresses,
      signal: options.signal,
      headers: { accept: 'application/pdf, */*;q=0.5' },
    });
  } catch (error) {
    if (!(error instanceof RemoteFetchError)) throw error;
    if (error.reason === 'too_large') throw new AppError(options.quotaBound ? 'storage_quota_exceeded' : 'file_too_large', { cause: error });
    if (error.reason === 'invalid_url' || error.reason === 'forbidden_address') throw new AppError('source_refused', { cause: error });
    throw new AppError('source_unreachable', { cause: error });
  }
  if (response.status < 200 || response.status >= 300) throw new AppError('source_unreachable', { message: `The source answered ${response.status}` });
  // The bytes decide, not the Content-Type: many servers call a PDF application/octet-stream, and a paywall's web
  // page may come back as 200.
  if (!isPdf(response.body)) throw new AppError('not_a_pdf');
  return response.body;
}

/** A PDF starts with `%PDF-` (ISO 32000-1 §7.5.2). */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** The paper's title as a file name (`Title.pdf`), else the link's last segment, short enough for My files. */
export function fileNameOf(title: string, url: string): string {
  const clean = (text: string) =>
    text
      .replace(/[/\\\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  let fromUrl = last;
  try {
    fromUrl = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as it is.
  }
  fromUrl = clean(fromUrl.replace(/\.pdf$/i, ''));
  const base = [...(clean(title) || fromUrl || 'paper')].slice(0, MAX_NAME_LENGTH - 10).join('');
  return `${base.replace(/^\.+/, '')}.pdf`;
}

async function bucketFileSizeLimit(): Promise<number | null> {
  const { data, error } = await (await createSupabaseAdminClient()).storage.getBucket(FILES_BUCKET);
  if (error || !data) throw new AppError('internal_error', { cause: error ?? new Error('no files bucket') });
  return data.file_size_limit ?? null;
}

/** Uploads under the name, or `name (2).pdf`… when My files has that name already. */
async function store(storage: SupabaseClient, userId: string, name: string, body: Buffer): Promise<string> {
  const stem = name.replace(/\.pdf$/, '');
  for (let n = 1; n <= 20; n++) {
    const key = fileKey(userId, [], n === 1 ? name : `${stem} (${n}).pdf`);
    const { error } = await storage.storage
      .from(FILES_BUCKET)
      .upload(key, new Blob([new Uint8Array(body)], { type: 'application/pdf' }), { contentType: 'application/pdf', upsert: false });
    if (!error) return key;
    const problem = storageProblem(error);
    if (problem === 'exists') continue;
    if (problem === 'quota') throw new AppError('storage_quota_exceeded', { cause: error });
    if (problem === 'tooLarge') throw new AppError('file_too_large', { cause: error });
    throw new AppError('internal_error', { cause: error });
  }
  throw new AppError('conflict', { message: 'Too many files of that name' });
}

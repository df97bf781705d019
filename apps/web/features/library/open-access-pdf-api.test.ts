import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalSource, sourceRegistry, type Paper } from '@citewise/scholar';
import { testPapers } from '@/test/fixtures/papers';
import { SITE, setUpWebApi } from '@/test/web-api';
import type { SessionUser } from '@/lib/auth/session';

// POST /api/library/papers/:id/open-access-pdf against the real auth and storage services in this process, with
// the PDFs served by a server on this machine: the URL guard lets 127.0.0.1 through only because the test says
// so (REMOTE_FETCH_ALLOW_ADDRESSES), and refuses every other private address as it would in production.
const signedIn = vi.hoisted(() => {
  process.env.REMOTE_FETCH_ALLOW_ADDRESSES = '127.0.0.1';
  return { client: null as SupabaseClient | null };
});
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
// The route's session client is the signed-in person's own: the upload is theirs, under their quota.
vi.mock('@/lib/supabase/server', () => ({ createSupabaseServerClient: async () => signedIn.client }));
const api = setUpWebApi({ auth: {}, storage: { quota: (handle) => storageQuota(handle) } });

const route = await import('@/app/api/library/papers/[id]/open-access-pdf/route');
const filesRoute = await import('@/app/api/library/papers/[id]/files/route');
const { savePaper } = await import('./server/save-paper');
const { storageQuota } = await import('@/features/files/server/storage-quota');
const { fileNameOf } = await import('./server/attach-open-access-pdf');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n', 'latin1');
let server: http.Server;
let origin = '';
beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/paper.pdf') return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PDF);
    if (request.url === '/paywall') return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Sign in</p>');
    if (request.url === '/huge.pdf') {
      // Declares 60 MB and never sends it: refused on the header.
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(60 * 1024 * 1024) });
      return response.flushHeaders();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const localSources = () => sourceRegistry([createLocalSource(api.handle.db)], 5000);

async function savedWithPdf(link: string | null, overrides: Partial<Paper> = {}): Promise<{ user: SessionUser; paperId: string }> {
  const { user, client } = await api.signUp('oa-pdf', { signIn: false });
  api.signIn(user);
  signedIn.client = client;
  const entry = await savePaper(user.claims, localSources(), { ...testPapers[1]!, openAccessPdf: link, ...overrides });
  return { user, paperId: entry.id };
}

const post = (paperId: string) =>
  route.POST(
    new NextRequest(`${SITE}/api/library/papers/${paperId}/open-access-pdf`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }),
    {
      params: Promise.resolve({ id: paperId }),
    },
  );
const files = async (paperId: string) =>
  (await (await filesRoute.GET(new NextRequest(`${SITE}/api/library/papers/${paperId}/files`), { params: Promise.resolve({ id: paperId }) })).json()).files;
const code = async (response: Response) => ({ status: response.status, code: (await response.json()).error?.code });

describe('POST /api/library/papers/:id/open-access-pdf', () => {
  it('fetches the PDF into My files under the paper title and attaches it; a second time is refused', async () => {
    const { user, paperId } = await savedWithPdf(`${origin}/paper.pdf`, { title: '深度学习: a/b review' });
    const response = await post(paperId);
    expect(response.status).toBe(200);
    const { file } = await response.json();
    expect(file).toMatchObject({ name: '深度学习: a b review.pdf', folder: [], type: 'application/pdf', size: PDF.length });
    expect(file.key.startsWith(`${user.id}/`)).toBe(true);
    expect(await files(paperId)).toEqual([expect.objectContaining({ objectId: file.objectId })]);
    const { data } = await signedIn.client!.storage.from('files').download(file.key);
    expect(Buffer.from(await data!.arrayBuffer()).equals(PDF)).toBe(true);

    expect(await code(await post(paperId))).toEqual({ status: 409, code: 'pdf_already_attached' });
  });

  it('names the file after a taken name with a number', async () => {
    const { user, paperId } = await savedWithPdf(`${origin}/paper.pdf`, { title: 'Taken' });
    await signedIn.client!.storage.from('files').upload(`${user.id}/Taken.pdf`, new Blob([PDF], { type: 'application/pdf' }));
    expect((await (await post(paperId)).json()).file.name).toBe('Taken (2).pdf');
  });

  it('refuses what is not a PDF, too large, unreachable or at a private address, storing nothing', async () => {
    for (const [link, expected] of [
      [`${origin}/paywall`, { status: 422, code: 'not_a_pdf' }],
      [`${origin}/huge.pdf`, { status: 413, code: 'file_too_large' }],
      [`${origin}/gone.pdf`, { status: 502, code: 'source_unreachable' }],
      ['http://10.0.0.1/paper.pdf', { status: 422, code: 'source_refused' }],
      ['http://169.254.169.254/latest/meta-data', { status: 422, code: 'source_refused' }],
    ] as const) {
      const { user, paperId } = await savedWithPdf(link);
      expect(await code(await post(paperId)), link).toEqual(expected);
      expect(await files(paperId)).toEqual([]);
      expect((await signedIn.client!.storage.from('files').list(user.id)).data).toEqual([]);
    }
  });

  it('answers not_found for a paper without an open-access link, and for another user’s paper', async () => {
    const { paperId: noLink } = await savedWithPdf(null, { arxivId: null });
    expect(await code(await post(noLink))).toEqual({ status: 404, code: 'not_found' });
    const { paperId: theirs } = await savedWithPdf(`${origin}/paper.pdf`);
    await savedWithPdf(null);
    expect(await code(await post(theirs))).toEqual({ status: 404, code: 'not_found' });
  });
});

describe('fileNameOf', () => {
  it('uses the title, else the link, without slashes or control characters', () => {
    expect(fileNameOf('Attention\nIs All/You Need', 'https://arxiv.org/pdf/1706.03762')).toBe('Attention Is All You Need.pdf');
    expect(fileNameOf('  ', 'https://example.org/files/%E6%B7%B1%E5%BA%A6.pdf')).toBe('深度.pdf');
    expect([...fileNameOf('字'.repeat(400), 'https://example.org/x')].length).toBeLessThanOrEqual(200);
  });
});

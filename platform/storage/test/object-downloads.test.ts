// Signed URLs and what a download answers (inert types, ranges, caching), through the official supabase-js storage
// client; the objects' own life (upload, access, listing, move) is in objects.test.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, startStorage, type Harness } from './harness';

let h: Harness;
let alice: { id: string; client: SupabaseClient; token: string };

const pdf = (text: string) => new Blob([`%PDF-1.4\n${text}\n%%EOF\n`], { type: 'application/pdf' });

beforeAll(async () => {
  h = await startStorage({ STORAGE_FILE_SIZE_LIMIT: String(5 * 1024 * 1024) });
  alice = await h.user();
});
afterAll(async () => h?.close());

describe('signed URLs', () => {
  const key = () => `${alice.id}/signed/paper.pdf`;
  beforeAll(async () => {
    await alice.client.storage.from('files').upload(key(), pdf('signed'));
  });

  it('signs one and many; a signed URL works without a session', async () => {
    const files = alice.client.storage.from('files');
    const { data } = await files.createSignedUrl(key(), 60);
    expect(data!.signedUrl).toMatch(new RegExp(`^${STORAGE}/object/sign/files/${alice.id}/signed/paper.pdf\\?token=`));
    const response = await h.fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('expires')).toBeTruthy();
    expect(await response.text()).toContain('signed');

    const asDownload = await files.createSignedUrl(key(), 60, { download: 'My paper.pdf' });
    const attached = await h.fetch(asDownload.data!.signedUrl);
    expect(attached.headers.get('content-disposition')).toBe("attachment; filename=My%20paper.pdf; filename*=UTF-8''My%20paper.pdf");

    const many = await files.createSignedUrls([key(), `${alice.id}/signed/none.pdf`], 60);
    expect(many.data![0]).toMatchObject({ path: key(), error: null, signedUrl: expect.stringContaining('token=') });
    expect(many.data![1]).toMatchObject({
      path: `${alice.id}/signed/none.pdf`,
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    });
    expect((await files.createSignedUrl(key(), 0)).error).toMatchObject({ status: 400 });
  });

  it('refuses an altered, misdirected or expired signed URL', async () => {
    const files = alice.client.storage.from('files');
    const { data } = await files.createSignedUrl(key(), 60);
    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const altered = await h.fetch(`${url.origin}${url.pathname}?token=${tampered}`);
    expect(altered.status).toBe(400);
    expect(await altered.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    await files.upload(`${alice.id}/signed/other.pdf`, pdf('other'));
    const elsewhere = await h.fetch(`${STORAGE}/object/sign/files/${alice.id}/signed/other.pdf?token=${token}`);
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ url: `files/${key()}`, scope: 'download', exp: 4102444800 })).toString('base64url')}.${signature}`;
    expect(await (await h.fetch(`${STORAGE}/object/sign/files/${key()}?token=${forged}`)).json()).toMatchObject({ code: 'InvalidJWT' });

    const short = await files.createSignedUrl(key(), 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await h.fetch(short.data!.signedUrl);
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
  });

  it('uploads through a signed upload URL, once', async () => {
    const files = alice.client.storage.from('files');
    const target = `${alice.id}/signed/upload.pdf`;
    const { data } = await files.createSignedUploadUrl(target);
    expect(data).toMatchObject({ path: target, token: expect.any(String) });
    const anonFiles = h.anon().storage.from('files');
    const up = await anonFiles.uploadToSignedUrl(target, data!.token, pdf('via token'));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: target, fullPath: `files/${target}` });
    expect(await (await files.download(target)).data!.text()).toContain('via token');
    expect((await anonFiles.uploadToSignedUrl(target, data!.token, pdf('again'))).error).toMatchObject({ statusCode: '409' });
    expect((await anonFiles.uploadToSignedUrl(`${alice.id}/signed/elsewhere.pdf`, data!.token, pdf('x'))).error).toMatchObject({ statusCode: '400' });
  });
});

describe('ranges and caching', () => {
  it('serves what a browser would run as inert text attachments in a sandbox, and nothing sniffed', async () => {
    const admin = h.admin().storage;
    expect((await admin.createBucket('anything', { public: true })).error).toBeNull();
    const bucket = admin.from('anything');
    const uploads: [string, string, string][] = [
      ['page.html', '<script>parent.stolen = document.cookie</script>', 'text/html'],
      ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'],
      ['feed.xml', '<?xml version="1.0"?><x/>', 'application/xml'],
      ['run.js', 'alert(1)', 'text/javascript'],
    ];
    for (const [name, body, contentType] of uploads) {
      expect((await bucket.upload(name, body, { contentType })).error, name).toBeNull();
      for (const url of [`${STORAGE}/object/public/anything/${name}`, (await bucket.createSignedUrl(name, 60)).data!.signedUrl]) {
        const response = await h.fetch(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type'), url).toBe('text/plain; charset=utf-8');
        expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(response.headers.get('content-disposition'), url).toMatch(/^attachment/);
        expect(response.headers.get('content-security-policy'), url).toBe("sandbox; default-src 'none'");
        expect(await response.text()).toBe(body);
      }
    }
    // A PDF or an image stays viewable in place, never sniffed into anything else.
    await bucket.upload('paper.pdf', pdf('inline'));
    const paper = await h.fetch(`${STORAGE}/object/public/anything/paper.pdf`);
    expect(paper.headers.get('content-type')).toBe('application/pdf');
    expect(paper.headers.get('x-content-type-options')).toBe('nosniff');
    expect(paper.headers.get('content-disposition')).toBeNull();
  });

  it('serves byte ranges, 416 for bad ones, and 304 for a matching ETag or date', async () => {
    const key = `${alice.id}/range.txt`;
    await alice.client.storage.from('files').upload(key, '0123456789', { contentType: 'text/plain' });
    const url = `${STORAGE}/object/authenticated/files/${key}`;
    const auth = { authorization: `Bearer ${alice.token}` };
    const part = await h.fetch(url, { headers: { ...auth, range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    expect(await (await h.fetch(url, { headers: { ...auth, range: 'bytes=-3' } })).text()).toBe('789');
    expect(await (await h.fetch(url, { headers: { ...auth, range: 'bytes=8-100' } })).text()).toBe('89');
    const bad = await h.fetch(url, { headers: { ...auth, range: 'bytes=20-30' } });
    expect(bad.status).toBe(416);
    expect(await bad.json()).toMatchObject({ statusCode: '416', code: 'InvalidRange' });

    const full = await h.fetch(url, { headers: auth });
    const etag = full.headers.get('etag')!;
    expect(etag).toBe('"781e5e245d69b566979b86e28d23f2c7"');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect((await h.fetch(url, { headers: { ...auth, 'if-none-match': etag } })).status).toBe(304);
    expect((await h.fetch(url, { headers: { ...auth, 'if-none-match': '"other"' } })).status).toBe(200);
    const modified = full.headers.get('last-modified')!;
    expect((await h.fetch(url, { headers: { ...auth, 'if-modified-since': modified } })).status).toBe(304);
    const head = await h.fetch(url, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
  });
});

// A user file must never become a page of the product's origin. Every way a type reaches the service (raw and
// multipart uploads, updates, signed uploads, copy, move) is attacked with values a browser reads as HTML or SVG,
// and every way an object is read back (public, authenticated, signed, plain, download, info, render) is checked
// for what it is served as, including rows stored before types were parsed.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@citewise/db/orm';
import { STORAGE, startStorage, type Harness } from './harness';

let h: Harness;
let mallory: { id: string; client: SupabaseClient; token: string };

const HOSTILE = ['image/png/, text/html', 'image/webp/, image/svg+xml', 'image/png, text/html', 'image/png; x', 'image/png\ttext/html'];
const PAGE = '<script>fetch("/api/notes").then((r) => r.text()).then((t) => (parent.stolen = t))</script>';

beforeAll(async () => {
  h = await startStorage();
  mallory = await h.user();
});
afterAll(async () => h?.close());

const auth = () => ({ authorization: `Bearer ${mallory.token}`, apikey: h.anonKey });

async function storedKeys(bucket: string): Promise<string[]> {
  const { data } = await h.admin().storage.from(bucket).list(mallory.id, { limit: 1000 });
  return (data ?? []).map((entry) => entry.name);
}

function expectRefusedType(response: Response, body: { statusCode?: string; code?: string }) {
  expect(response.status).toBe(400);
  expect(body).toMatchObject({ code: 'InvalidMimeType' });
}

describe('writes with a Content-Type that is not one media type', () => {
  it('refuses raw uploads, upserts and updates, and stores nothing', async () => {
    for (const [index, type] of HOSTILE.entries()) {
      for (const method of ['POST', 'PUT']) {
        const response = await h.fetch(`${STORAGE}/object/avatars/${mallory.id}/raw-${index}-${method}.png`, {
          method,
          headers: { ...auth(), 'content-type': type, 'x-upsert': 'true' },
          body: PAGE,
        });
        expectRefusedType(response, await response.json());
      }
    }
    expect(await storedKeys('avatars')).toEqual([]);
  });

  it('refuses a multipart contentType field, before or after the file part', async () => {
    for (const [index, type] of HOSTILE.entries()) {
      for (const fieldFirst of [true, false]) {
        const form = new FormData();
        if (fieldFirst) form.append('contentType', type);
        form.append('', new Blob([PAGE], { type: 'image/png' }), 'x.png');
        if (!fieldFirst) form.append('contentType', type);
        const response = await h.fetch(`${STORAGE}/object/avatars/${mallory.id}/form-${index}-${fieldFirst}.png`, {
          method: 'POST',
          headers: auth(),
          body: form,
        });
        expectRefusedType(response, await response.json());
      }
    }
    expect(await storedKeys('avatars')).toEqual([]);
  });

  it('never stores a multipart part header as written (the parser reads it as text/plain, which avatars refuse)', async () => {
    const form = new FormData();
    form.append('', new Blob([PAGE], { type: 'image/png/, text/html' }), 'x.png');
    const response = await h.fetch(`${STORAGE}/object/avatars/${mallory.id}/part.png`, { method: 'POST', headers: auth(), body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    expect(await storedKeys('avatars')).toEqual([]);
  });

  it('refuses a signed upload with such a type', async () => {
    const avatars = mallory.client.storage.from('avatars');
    const { data } = await avatars.createSignedUploadUrl(`${mallory.id}/signed.png`);
    for (const type of HOSTILE) {
      const response = await h.fetch(`${STORAGE}/object/upload/sign/avatars/${mallory.id}/signed.png?token=${data!.token}`, {
        method: 'PUT',
        headers: { 'content-type': type },
        body: PAGE,
      });
      expectRefusedType(response, await response.json());
    }
    expect(await storedKeys('avatars')).toEqual([]);
  });

  it('refuses a copy whose metadata names such a type', async () => {
    const files = mallory.client.storage.from('files');
    expect((await files.upload(`${mallory.id}/plain.txt`, 'hello', { contentType: 'text/plain' })).error).toBeNull();
    for (const type of HOSTILE) {
      const response = await h.fetch(`${STORAGE}/object/copy`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({
          bucketId: 'files',
          sourceKey: `${mallory.id}/plain.txt`,
          destinationBucket: 'avatars',
          destinationKey: `${mallory.id}/copy.png`,
          metadata: { mimetype: type },
        }),
      });
      expectRefusedType(response, await response.json());
    }
    expect(await storedKeys('avatars')).toEqual([]);
  });

  it('keeps only the essence of a valid type, whatever its case and parameters', async () => {
    const response = await h.fetch(`${STORAGE}/object/avatars/${mallory.id}/me.png`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'IMAGE/PNG; charset="x"; name=a.html' },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(response.status).toBe(200);
    const info = await mallory.client.storage.from('avatars').info(`${mallory.id}/me.png`);
    expect(info.data?.contentType).toBe('image/png');
    const served = await h.fetch(`${STORAGE}/object/public/avatars/${mallory.id}/me.png`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBeNull();
  });

  it('has no resumable upload endpoint to attack', async () => {
    const response = await h.fetch(`${STORAGE}/upload/resumable`, { method: 'POST', headers: { ...auth(), 'upload-metadata': 'contentType dGV4dC9odG1s' } });
    expect(response.status).toBe(404);
  });
});

describe('reads of an object stored with a hostile type (written before types were parsed)', () => {
  const key = () => `${mallory.id}/legacy.png`;

  beforeAll(async () => {
    // The row an attacker could leave behind on an older version: the hostile value as its stored type.
    expect((await mallory.client.storage.from('avatars').upload(key(), new Blob([PAGE], { type: 'image/png' }))).error).toBeNull();
    await h.database.db.execute(
      sql`update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', to_jsonb(${'image/png/, text/html'}::text)) where bucket_id = 'avatars' and name = ${key()}`,
    );
  });

  async function readPaths(): Promise<[string, RequestInit][]> {
    const signed = await mallory.client.storage.from('avatars').createSignedUrl(key(), 60);
    return [
      [`${STORAGE}/object/public/avatars/${key()}`, {}],
      [`${STORAGE}/object/avatars/${key()}`, {}],
      [`${STORAGE}/object/authenticated/avatars/${key()}`, { headers: auth() }],
      [`${STORAGE}/object/avatars/${key()}`, { headers: auth() }],
      [signed.data!.signedUrl, {}],
      [`${signed.data!.signedUrl}&download=`, {}],
      [`${STORAGE}/object/public/avatars/${key()}?download=page.html`, {}],
    ];
  }

  it('serves it as opaque bytes to download, under nosniff and a sandbox, by every read path', async () => {
    for (const [url, init] of await readPaths()) {
      for (const method of ['GET', 'HEAD']) {
        const response = await h.fetch(url, { ...init, method });
        expect(response.status, `${method} ${url}`).toBe(200);
        expect(response.headers.get('content-type'), url).toBe('application/octet-stream');
        expect(response.headers.get('content-disposition'), url).toMatch(/^attachment/);
        expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(response.headers.get('content-security-policy'), url).toBe("sandbox; default-src 'none'");
      }
    }
  });

  it('reports it as opaque bytes in info, and has no render path that serves it', async () => {
    const info = await h.fetch(`${STORAGE}/object/info/public/avatars/${key()}`);
    expect((await info.json()).content_type).toBe('application/octet-stream');
    for (const mode of ['public', 'authenticated', 'sign']) {
      const response = await h.fetch(`${STORAGE}/render/image/${mode}/avatars/${key()}`, { headers: auth() });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    }
  });
});

describe('every answer of the service', () => {
  it('carries nosniff and the sandbox policy, JSON and errors included', async () => {
    const answers = [
      await h.fetch(`${STORAGE}/bucket`, { headers: auth() }),
      await h.fetch(`${STORAGE}/object/list/files`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: mallory.id }),
      }),
      await h.fetch(`${STORAGE}/object/public/files/nothing`),
      await h.fetch(`${STORAGE}/nowhere`),
    ];
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    }
  });
});

// The embedded storage service as mounted by the product server (/platform/storage/v1): a signed-in person's PDF
// through the real HTTP stack — upload, byte ranges, conditional GET, a signed link — and another person kept out.
import { expect, test } from '@playwright/test';
import { createConfirmedUser, serviceSession } from '../support/accounts';

const STORAGE = '/platform/storage/v1';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a PDF goes up into its owner folder, comes back in ranges and by signed link, and stays private', async ({ request }) => {
  const alice = await createConfirmedUser(request);
  const bob = await createConfirmedUser(request);
  const aliceToken = await serviceSession(request, alice);
  const bobToken = await serviceSession(request, bob);
  const key = `${alice.id}/papers/paper.pdf`;
  const asAlice = { authorization: `Bearer ${aliceToken}` };

  const upload = await request.post(`${STORAGE}/object/files/${key}`, { headers: { ...asAlice, 'content-type': 'application/pdf' }, data: pdf });
  expect(upload.status(), await upload.text()).toBe(200);
  expect(await upload.json()).toMatchObject({ Key: `files/${key}`, Id: expect.any(String) });

  const part = await request.get(`${STORAGE}/object/authenticated/files/${key}`, { headers: { ...asAlice, range: 'bytes=0-7' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 0-7/${pdf.length}`);
  expect((await part.body()).toString()).toBe('%PDF-1.4');

  const whole = await request.get(`${STORAGE}/object/authenticated/files/${key}`, { headers: asAlice });
  expect(whole.headers()['content-type']).toBe('application/pdf');
  const etag = whole.headers().etag!;
  expect((await request.get(`${STORAGE}/object/authenticated/files/${key}`, { headers: { ...asAlice, 'if-none-match': etag } })).status()).toBe(304);

  const signed = await request.post(`${STORAGE}/object/sign/files/${key}`, { headers: asAlice, data: { expiresIn: 60 } });
  const { signedURL } = (await signed.json()) as { signedURL: string };
  const open = await request.get(`${STORAGE}${signedURL}`);
  expect(open.status()).toBe(200);
  expect(Buffer.compare(await open.body(), pdf)).toBe(0);

  const denied = await request.get(`${STORAGE}/object/authenticated/files/${key}`, { headers: { authorization: `Bearer ${bobToken}` } });
  expect(denied.status()).toBe(400);
  expect(await denied.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  const planted = await request.post(`${STORAGE}/object/files/${alice.id}/planted.pdf`, {
    headers: { authorization: `Bearer ${bobToken}`, 'content-type': 'application/pdf' },
    data: pdf,
  });
  expect(await planted.json()).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
  expect((await request.get(`${STORAGE}/object/files/${key}`)).status()).toBe(400);
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAppKeys } from '../src/keys';
import { BASE, startAi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAi({ AI_UPLOAD_FILE_SIZE_LIMIT: '1' });
});
afterAll(() => h.close());

const upload = (appId: string, files: Array<[string, Blob]>, user = 'u1') => {
  const form = new FormData();
  for (const [name, blob] of files) form.append('file', blob, name);
  form.append('user', user);
  return h.service.fetch(new Request(`${BASE}/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${h.key(appId)}` }, body: form }));
};

describe('app information', () => {
  it('answers /info, /parameters, /meta and /site for each key with its own app', async () => {
    expect(await (await h.call('literature-review', '/info')).json()).toEqual({
      name: 'Literature review',
      description: expect.any(String),
      tags: ['research', 'workflow'],
      mode: 'workflow',
      author_name: 'Citewise',
    });
    const params = await (await h.call('academic-translate', '/parameters?user=u1')).json();
    expect(params.user_input_form).toEqual([
      { paragraph: { label: 'Text', variable: 'query', required: true, max_length: 8000 } },
      { select: { label: 'Direction', variable: 'direction', required: false, default: 'auto', options: ['auto', 'zh-en', 'en-zh'] } },
    ]);
    expect(params.system_parameters.file_size_limit).toBe(1);
    expect(params.opening_statement).toBeNull();
    const research = await (await h.call('research', '/parameters')).json();
    expect(research.suggested_questions).toHaveLength(3);
    expect(research.retriever_resource).toEqual({ enabled: true });
    expect(Object.keys((await (await h.call('research', '/meta')).json()).tool_icons)).toEqual(['literature_search']);
    expect(await (await h.call('paper-chat', '/site')).json()).toMatchObject({ title: 'Chat with a paper', icon_type: 'emoji' });
  });

  it('answers the user-facing texts in the language a page asks for, English by default', async () => {
    const english = await (await h.call('research', '/parameters?user=u1')).json();
    const chinese = await (await h.call('research', '/parameters?user=u1&language=zh-CN')).json();
    expect(english.opening_statement).toContain('research question');
    expect(chinese.opening_statement).toMatch(/研究问题/);
    expect(chinese.suggested_questions).toHaveLength(english.suggested_questions.length);
    for (const question of chinese.suggested_questions) expect(question).toMatch(/\p{Script=Han}/u);
    for (const app of ['paper-chat', 'cited-answer']) {
      const texts = await (await h.call(app, '/parameters?language=zh')).json();
      expect(texts.opening_statement).toMatch(/\p{Script=Han}/u);
      expect(texts.suggested_questions.join('')).not.toMatch(/[a-z]{4}/i);
    }
    // The review is written in the page's language unless the user picks another.
    const reviewField = async (query: string) =>
      ((await (await h.call('literature-review', `/parameters${query}`)).json()).user_input_form as Array<Record<string, { variable: string }>>)
        .map((item) => Object.values(item)[0]!)
        .find((field) => field.variable === 'language');
    expect(await reviewField('?language=zh')).toEqual({
      label: 'Review language',
      variable: 'language',
      required: false,
      default: '中文',
      options: ['English', '中文'],
    });
    expect(await reviewField('?language=en')).toMatchObject({ default: 'English' });
    expect(await reviewField('')).toMatchObject({ default: 'English' });
  });

  it('refuses a missing header, answers unknown paths and audio in Dify errors', async () => {
    const res = await h.service.fetch(new Request(`${BASE}/info`));
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain("start with 'Bearer'");
    expect((await h.call('research', '/nothing-here')).status).toBe(404);
    expect(await (await h.call('research', '/audio-to-text', { body: {} })).json()).toMatchObject({ code: 'provider_not_support_speech_to_text', status: 400 });
  });
});

describe('POST /files/upload', () => {
  it('stores one file for the user and answers 201 with its record', async () => {
    const res = await upload('paper-chat', [['paper.pdf', new Blob(['%PDF-1.4 test'], { type: 'application/pdf' })]]);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      id: expect.any(String),
      name: 'paper.pdf',
      size: 13,
      extension: 'pdf',
      mime_type: 'application/pdf',
      created_by: 'u1',
    });
  });

  it('answers Dify errors for no file, two files, a wrong type and a file too large', async () => {
    const none = await h.service.fetch(
      new Request(`${BASE}/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${h.key('paper-chat')}` }, body: new FormData() }),
    );
    expect(await none.json()).toMatchObject({ code: 'no_file_uploaded', status: 400 });
    const two = await upload('paper-chat', [
      ['a.txt', new Blob(['a'])],
      ['b.txt', new Blob(['b'])],
    ]);
    expect(await two.json()).toMatchObject({ code: 'too_many_files' });
    const exe = await upload('paper-chat', [['run.exe', new Blob(['MZ'])]]);
    expect(exe.status).toBe(415);
    const big = await upload('paper-chat', [['big.txt', new Blob([new Uint8Array(1024 * 1024 + 1)])]]);
    expect(big.status).toBe(413);
    expect((await big.json()).code).toBe('file_too_large');
  });
});

describe('app keys', () => {
  it('are generated once into the data directory with mode 0600, and the environment overrides one', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ai-keys-'));
    try {
      const first = await loadAppKeys({ dataDir: dir, env: {} });
      expect(Object.values(first).every((key) => /^app-[A-Za-z0-9]{24}$/.test(key))).toBe(true);
      expect((await fs.stat(path.join(dir, 'ai-app-keys.json'))).mode & 0o777).toBe(0o600);
      expect(await loadAppKeys({ dataDir: dir, env: {} })).toEqual(first);
      const overridden = await loadAppKeys({ dataDir: dir, env: { AI_APP_KEY_PAPER_CHAT: 'app-given' } });
      expect(overridden['paper-chat']).toBe('app-given');
      expect(overridden.research).toBe(first.research);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

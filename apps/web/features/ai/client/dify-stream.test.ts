import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError } from './dify-error';
import type { DifyStreamEvent } from '@/features/ai/types';
import { streamDify } from './dify-stream';

// A real HTTP server writing Dify SSE in pieces cut at arbitrary places (inside `data:`, inside JSON, between
// the two newlines), with the socket flushed between writes so the client really sees separate reads.
const events = [
  'event: ping\n\n',
  `data: ${JSON.stringify({ event: 'message', task_id: 't1', message_id: 'm1', conversation_id: 'c1', answer: 'Hel' })}\n\n`,
  `data: ${JSON.stringify({ event: 'message', task_id: 't1', message_id: 'm1', conversation_id: 'c1', answer: 'lo, 世界' })}\n\n`,
  `data: ${JSON.stringify({ event: 'some_future_event', task_id: 't1' })}\n\n`,
  `data: ${JSON.stringify({ event: 'message_end', task_id: 't1', message_id: 'm1', metadata: { retriever_resources: [{ position: 1, title: 'A' }] } })}\n\n`,
].join('');

function pieces(text: string, cuts: number[]): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(bytes.subarray(start, cut));
    start = cut;
  }
  return out;
}

let server: http.Server;
let origin = '';
const stopped: Array<() => void> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const scenario = new URL(req.url!, 'http://x').searchParams.get('appid');
    if (scenario === 'quota') {
      res.writeHead(429, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 'quota_exceeded', message: 'Used up', status: 429, reset_at: '2026-12-01' }));
    }
    if (scenario === 'nomodel') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 'provider_not_initialize', message: 'No model', status: 400 }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const writeAll = async (parts: Buffer[]) => {
      for (const part of parts) await new Promise<void>((resolve) => res.write(part, () => resolve()));
    };
    if (scenario === 'split') {
      // Every byte boundary of the first 60 bytes, then a cut inside a multi-byte character.
      const cuts = [...Array.from({ length: 60 }, (_, i) => i + 1), events.indexOf('世') + 1, events.length - 1];
      void writeAll(
        pieces(
          events,
          [...new Set(cuts)].sort((a, b) => a - b),
        ),
      ).then(() => res.end());
    } else if (scenario === 'midstream') {
      void writeAll(
        pieces(`${events.split('\n\n')[1]}\n\ndata: {"event":"error","code":"completion_request_error","message":"boom","status":400}\n\n`, [10]),
      ).then(() => res.end());
    } else if (scenario === 'drop') {
      void writeAll([Buffer.from(`${events.split('\n\n')[1]}\n\n`)]).then(() => res.destroy());
    } else if (scenario === 'hang') {
      void writeAll([Buffer.from(`${events.split('\n\n')[1]}\n\n`)]);
      stopped.push(() => res.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  stopped.forEach((stop) => stop());
  await new Promise((resolve) => server.close(resolve));
});

function run(appId: string, signal?: AbortSignal) {
  const seen: DifyStreamEvent[] = [];
  const done = streamDify({ appId, path: 'chat-messages', body: { query: 'q' }, origin, signal, onEvent: (e) => seen.push(e) });
  return { seen, done };
}

describe('streamDify', () => {
  it('parses events split anywhere, skips pings, passes unknown events on', async () => {
    const { seen, done } = run('split');
    await expect(done).resolves.toEqual({ stopped: false });
    expect(seen.map((e) => e.event)).toEqual(['message', 'message', 'some_future_event', 'message_end']);
    expect(seen.flatMap((e) => (e.event === 'message' ? [e.answer] : [])).join('')).toBe('Hello, 世界');
  });

  it('maps JSON errors before the stream to error kinds', async () => {
    const quota = await run('quota').done.catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(AiError);
    expect(quota).toMatchObject({ kind: 'quota', status: 429, resetAt: '2026-12-01', message: 'Used up' });
    await expect(run('nomodel').done).rejects.toMatchObject({ kind: 'no_model', code: 'provider_not_initialize' });
  });

  it('rejects with a model error after an error event, keeping what arrived', async () => {
    const { seen, done } = run('midstream');
    await expect(done).rejects.toMatchObject({ kind: 'model', code: 'completion_request_error', message: 'boom' });
    expect(seen.map((e) => e.event)).toEqual(['message', 'error']);
  });

  it('rejects with a network error when the connection drops before message_end', async () => {
    const { seen, done } = run('drop');
    await expect(done).rejects.toMatchObject({ kind: 'network' });
    expect(seen).toHaveLength(1);
  });

  it('resolves as stopped when aborted mid-stream', async () => {
    const controller = new AbortController();
    let first!: () => void;
    const arrived = new Promise<void>((resolve) => (first = resolve));
    const done = streamDify({ appId: 'hang', path: 'chat-messages', body: { query: 'q' }, origin, signal: controller.signal, onEvent: () => first() });
    await arrived;
    controller.abort();
    await expect(done).resolves.toEqual({ stopped: true });
  });
});

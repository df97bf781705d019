// Real delivery: mail through a local SMTP server and SMS through a local server speaking Twilio's API, with
// the dev mailbox off because real providers are configured.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG, URL_BASE, startAuth, uniqueEmail, type Harness } from './harness';

const mails: string[] = [];
const texts: Array<{ to: string; body: string }> = [];
let smtp: SMTPServer;
let twilio: http.Server;
let h: Harness;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        mails.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  twilio = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      texts.push({ to: form.get('To')!, body: form.get('Body')! });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${texts.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  h = await startAuth({
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`,
    AUTH_SMTP_ADMIN_EMAIL: 'no-reply@citewise.example',
    AUTH_SMS_PROVIDER: 'twilio',
    AUTH_SMS_TWILIO_ACCOUNT_SID: 'AC0000',
    AUTH_SMS_TWILIO_AUTH_TOKEN: 'secret',
    AUTH_SMS_TWILIO_MESSAGE_SERVICE_SID: 'MG0000',
    AUTH_SMS_TWILIO_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise((resolve) => twilio.close(resolve));
});

describe('with real providers', () => {
  it('sends the confirmation mail over SMTP and the code works', async () => {
    const email = uniqueEmail('smtp');
    const client = h.client();
    await client.auth.signUp({ email, password: STRONG });
    const raw = mails.find((m) => m.includes(`To: ${email}`))!;
    expect(raw).toContain('From: no-reply@citewise.example');
    const code = /\b(\d{6})\b/.exec(raw.replace(/=\r?\n/g, ''))![1]!;
    expect((await client.auth.verifyOtp({ email, token: code, type: 'signup' })).error).toBeNull();
  });

  it('sends the SMS through Twilio and returns its message id', async () => {
    const phone = '+447911123555';
    const client = h.client();
    const { data, error } = await client.auth.signInWithOtp({ phone });
    expect(error).toBeNull();
    expect(data.messageId).toMatch(/^SM\d+$/);
    const sms = texts.find((t) => t.to === phone)!;
    const code = /(\d{6})/.exec(sms.body)![1]!;
    expect((await client.auth.verifyOtp({ phone, token: code, type: 'sms' })).error).toBeNull();
  });

  it('keeps the dev mailbox closed', async () => {
    const response = await h.fetch(`${URL_BASE}/mailbox?to=anyone@example.com`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
  });
});

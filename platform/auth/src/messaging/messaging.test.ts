import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagingError, createSmtpMailer, createTwilioSms, renderInboxPage, renderMessage, type MessageType } from './index';

const types: MessageType[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new', 'reauthentication'];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('templates', () => {
  it('puts the code and the link in every mail, in both languages, escaped', () => {
    for (const locale of ['en', 'zh'] as const) {
      for (const type of types) {
        const mail = renderMessage({
          channel: 'email',
          to: 'a@b.co',
          type,
          locale,
          token: '482913',
          link: 'https://x.example/verify?token=a&type=b',
          siteName: 'Cite<script>',
          siteUrl: 'https://x.example',
          newEmail: 'n@b.co',
        });
        expect(mail.text).toContain('482913');
        expect(mail.html).toContain('482913');
        if (type !== 'reauthentication') expect(mail.html).toContain('https://x.example/verify?token=a&amp;type=b');
        expect(mail.html).not.toContain('<script>');
        expect(mail.subject.length).toBeGreaterThan(0);
      }
    }
    const zh = renderMessage({ channel: 'sms', to: '4477', type: 'sms', locale: 'zh', token: '111222', siteName: 'Citewise', siteUrl: 'https://x.example' });
    expect(zh.text).toBe('您的 Citewise 验证码是 111222');
  });
});

describe('SMTP', () => {
  async function smtp(reject = false) {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        callback(reject ? new Error('mailbox unavailable') : undefined);
        void address;
      },
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?ignoreTLS=true`, received };
  }

  it('delivers through a real SMTP server', async () => {
    const { url, received } = await smtp();
    const mailer = createSmtpMailer({ url, from: 'Citewise <no-reply@citewise.example>' });
    const mail = renderMessage({
      channel: 'email',
      to: 'ada@uni.example',
      type: 'signup',
      locale: 'en',
      token: '123456',
      link: 'https://x.example/v',
      siteName: 'Citewise',
      siteUrl: 'https://x.example',
    });
    const { messageId } = await mailer.send('ada@uni.example', mail);
    expect(messageId).toBeTruthy();
    expect(received[0]).toContain('Subject: Confirm your Citewise account');
    expect(received[0]).toContain('To: ada@uni.example');
  });

  it('reports a refusing server as a MessagingError', async () => {
    const { url } = await smtp(true);
    const mailer = createSmtpMailer({ url, from: 'no-reply@citewise.example' });
    await expect(mailer.send('ada@uni.example', { subject: 's', text: 't', html: '<p>t</p>' })).rejects.toBeInstanceOf(MessagingError);
  });
});

describe('Twilio', () => {
  async function twilio() {
    const requests: Array<{ path: string; auth: string; form: URLSearchParams }> = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push({ path: req.url!, auth: req.headers.authorization ?? '', form });
        res.setHeader('content-type', 'application/json');
        if (form.get('To') === '+15005550001') {
          res.statusCode = 400;
          return res.end(
            JSON.stringify({
              code: 21211,
              message: "The 'To' number +15005550001 is not a valid phone number.",
              more_info: 'https://www.twilio.com/docs/errors/21211',
              status: 400,
            }),
          );
        }
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to: form.get('To'), body: form.get('Body') }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  }

  it('posts the message to the Messages resource with basic auth', async () => {
    const { baseUrl, requests } = await twilio();
    const sms = createTwilioSms({ accountSid: 'AC123', authToken: 'tok', messagingServiceSid: 'MG9', baseUrl });
    expect(await sms.send('447700900123', 'Your code is 1')).toEqual({ messageId: 'SM0123456789abcdef0123456789abcdef' });
    expect(requests[0]!.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(requests[0]!.auth).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ To: '+447700900123', Body: 'Your code is 1', MessagingServiceSid: 'MG9' });
  });

  it("turns Twilio errors into MessagingError with Twilio's message", async () => {
    const { baseUrl } = await twilio();
    const sms = createTwilioSms({ accountSid: 'AC123', authToken: 'tok', from: '+15005550006', baseUrl });
    await expect(sms.send('15005550001', 'x')).rejects.toThrow(/not a valid phone number/);
  });
});

describe('inbox page', () => {
  it('renders messages escaped in both languages', () => {
    const message = {
      id: '1',
      to: 'a@b.co',
      channel: 'email' as const,
      type: 'signup',
      subject: '<b>Hi</b>',
      text: 'body',
      token: '123456',
      link: 'https://x.example/?a=1&b=2',
      created_at: '2026-11-22T10:00:00.000Z',
    };
    const en = renderInboxPage({ to: 'a@b.co', locale: 'en', messages: [message] });
    expect(en).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(en).toContain('https://x.example/?a=1&amp;b=2');
    expect(en).toContain('Dev mailbox');
    expect(renderInboxPage({ to: null, locale: 'zh', messages: [] })).toContain('暂无消息');
  });
});

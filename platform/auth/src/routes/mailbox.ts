// GET /mailbox?to=ADDRESS — the dev mailbox: a readable inbox for browsers (JSON when `Accept` asks for it).
// GET /mailbox/api/messages?to=ADDRESS — the same messages as JSON, for scripts and tests.
// Exists only while mail/SMS go to the mailbox (no real provider configured, or MAILBOX_ENABLED=true), and only
// to a caller holding the service-role key or the mailbox key (mailbox-key.ts); to anyone else it answers the
// 404 of a path that does not exist, since it holds every user's recovery links and codes.
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AuthContext } from '../context';
import { mailboxCookieValue, sameSecret } from '../mailbox-key';
import { renderInboxPage } from '../messaging';
import { localeOf } from '../request';
import { normalizeEmail, normalizePhone } from '../security/normalize';
import { authenticateAdmin, bearerToken } from '../tokens';

const COOKIE = 'citewise-mailbox';

export function mailboxRoutes(ctx: AuthContext, mailboxKey: string | null) {
  /** Whether the caller may read the mailbox; a valid `?key=` also leaves a cookie for the browser inbox. */
  async function admitted(c: Context): Promise<boolean> {
    if (!mailboxKey) return false;
    const presented = [c.req.header('apikey'), bearerToken(c.req.header('authorization'))].filter((v): v is string => Boolean(v));
    if (presented.some((value) => sameSecret(value, mailboxKey))) return true;
    const queryKey = c.req.query('key');
    if (queryKey && sameSecret(queryKey, mailboxKey)) {
      setCookie(c, COOKIE, mailboxCookieValue(mailboxKey), {
        path: c.req.path.replace(/\/api\/messages$/, ''),
        httpOnly: true,
        sameSite: 'Strict',
        secure: new URL(c.req.url).protocol === 'https:',
      });
      return true;
    }
    const cookie = getCookie(c, COOKIE);
    if (cookie && sameSecret(cookie, mailboxCookieValue(mailboxKey))) return true;
    for (const token of presented) {
      try {
        await authenticateAdmin(ctx, `Bearer ${token}`);
        return true;
      } catch {
        // Not a service-role token either: keep looking, then answer as if nothing were here.
      }
    }
    return false;
  }

  async function listing(c: Context) {
    const raw = c.req.query('to')?.trim() || null;
    const to = raw ? (raw.includes('@') ? normalizeEmail(raw) : normalizePhone(raw)) : null;
    const rows = await ctx.messenger.inbox(to);
    const messages = rows.map((m) => ({
      id: m.id,
      to: m.to,
      channel: m.channel as 'email' | 'sms',
      type: m.type,
      subject: m.subject,
      text: m.text,
      html: m.html,
      token: m.token,
      token_hash: m.tokenHash,
      link: m.link,
      created_at: m.createdAt.toISOString(),
    }));
    return { raw, messages };
  }

  const guard = async (c: Context, next: () => Promise<void>) => {
    c.header('Cache-Control', 'no-store');
    if (!ctx.messenger.mailboxEnabled) return c.json({ code: 404, msg: 'The dev mailbox is disabled: a real mail/SMS provider is configured' }, 404);
    if (!(await admitted(c))) return c.notFound();
    await next();
  };

  return new Hono()
    .use('/mailbox', guard)
    .use('/mailbox/*', guard)
    .get('/mailbox/api/messages', async (c) => c.json((await listing(c)).messages))
    .get('/mailbox', async (c) => {
      const { raw, messages } = await listing(c);
      if ((c.req.header('accept') ?? '').includes('application/json')) return c.json(messages);
      c.header('X-Robots-Tag', 'noindex');
      c.header('Referrer-Policy', 'no-referrer');
      return c.html(renderInboxPage({ to: raw, locale: localeOf(c), messages }));
    });
}

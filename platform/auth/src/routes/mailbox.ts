// GET /mailbox?to=ADDRESS — the dev mailbox: JSON for scripts and tests, a readable inbox for browsers.
// Exists only while mail/SMS go to the mailbox (no real provider configured, or MAILBOX_ENABLED=true).
import { Hono } from 'hono';
import type { AuthContext } from '../context';
import { renderInboxPage } from '../messaging';
import { localeOf } from '../request';
import { normalizeEmail, normalizePhone } from '../security/normalize';

export function mailboxRoutes(ctx: AuthContext) {
  return new Hono().get('/mailbox', async (c) => {
    if (!ctx.messenger.mailboxEnabled) return c.json({ code: 404, msg: 'The dev mailbox is disabled: a real mail/SMS provider is configured' }, 404);
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
    c.header('Cache-Control', 'no-store');
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json(messages);
    c.header('X-Robots-Tag', 'noindex');
    return c.html(renderInboxPage({ to: raw, locale: localeOf(c), messages }));
  });
}

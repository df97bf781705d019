// The dev mailbox as a page a person can read in the browser (GET /platform/mailbox?to=…).
import { escapeHtml as e } from './escape';
import type { Locale } from './types';

export interface InboxMessage {
  id: string;
  to: string;
  channel: 'email' | 'sms';
  type: string;
  subject: string;
  text: string;
  token: string | null;
  link: string | null;
  created_at: string;
}

const words = {
  en: {
    title: 'Dev mailbox',
    note: 'Mail and SMS that Citewise would have sent. Shown because no mail or SMS provider is configured; set SMTP_URL and AUTH_SMS_PROVIDER for real delivery.',
    address: 'Email address or phone number',
    show: 'Show',
    all: 'All recent messages',
    empty: 'No messages yet.',
    code: 'Code',
    open: 'Open the link',
    email: 'Email',
    sms: 'SMS',
  },
  zh: {
    title: '开发邮箱',
    note: 'Citewise 本应发出的邮件和短信。由于尚未配置邮件或短信服务，这里会显示它们；设置 SMTP_URL 和 AUTH_SMS_PROVIDER 后将真实发送。',
    address: '邮箱地址或手机号',
    show: '查看',
    all: '最近的全部消息',
    empty: '暂无消息。',
    code: '验证码',
    open: '打开链接',
    email: '邮件',
    sms: '短信',
  },
} satisfies Record<Locale, Record<string, string>>;

export function renderInboxPage(input: { to: string | null; locale: Locale; messages: InboxMessage[] }): string {
  const t = words[input.locale];
  const items = input.messages
    .map(
      (m) => `<article>
<header><span class="badge">${m.channel === 'sms' ? t.sms : t.email}</span> <span class="badge">${e(m.type)}</span> <time datetime="${e(m.created_at)}">${e(m.created_at.replace('T', ' ').slice(0, 19))} UTC</time></header>
<h2>${e(m.subject || m.to)}</h2>
<p class="to">→ ${e(m.to)}</p>
${m.token ? `<p>${e(t.code)}: <strong class="code" data-testid="mailbox-code">${e(m.token)}</strong></p>` : ''}
${m.link ? `<p><a href="${e(m.link)}" data-testid="mailbox-link">${e(t.open)}</a></p>` : ''}
<pre>${e(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${input.locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${e(t.title)}</title>
<style>
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--fg:#0f172a;--muted:#64748b;--line:#e2e8f0;--accent:#4f46e5;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--fg:#e2e8f0;--muted:#94a3b8;--line:#1e293b;--accent:#818cf8;--on-accent:#0b1020}}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,'PingFang SC','Microsoft YaHei',sans-serif}
main{max-width:760px;margin:0 auto;padding:24px 16px}
form{display:flex;gap:8px;flex-wrap:wrap;margin:16px 0}
input{flex:1;min-width:200px;padding:8px 10px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg)}
button{padding:8px 16px;border:0;border-radius:6px;background:var(--accent);color:var(--on-accent);font-weight:600;cursor:pointer}
article{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:16px;margin:12px 0}
h1{font-size:22px;margin:0}h2{font-size:17px;margin:8px 0 4px}.note,.to,time{color:var(--muted);font-size:13px}
.badge{display:inline-block;font-size:12px;padding:1px 8px;border:1px solid var(--line);border-radius:999px}
.code{font:700 22px ui-monospace,Menlo,monospace;letter-spacing:4px}a{color:var(--accent)}
pre{white-space:pre-wrap;word-break:break-word;font-size:13px;background:var(--bg);padding:12px;border-radius:6px;margin:8px 0 0}
</style></head>
<body><main>
<h1>${e(t.title)}</h1>
<p class="note">${e(t.note)}</p>
<form method="get"><label class="sr" for="to" hidden>${e(t.address)}</label>
<input id="to" name="to" value="${e(input.to ?? '')}" placeholder="${e(t.address)}" aria-label="${e(t.address)}">
<button type="submit">${e(t.show)}</button></form>
${input.to ? '' : `<p class="note">${e(t.all)}</p>`}
${items || `<p>${e(t.empty)}</p>`}
</main></body></html>`;
}

// Renders a mail (subject, plain text, simple inline-styled HTML) or an SMS text for one message.
import { copy, footer } from './copy';
import { escapeHtml } from './escape';
import type { OutgoingMessage, RenderedMessage } from './types';

const fill = (template: string, message: OutgoingMessage) =>
  template
    .replaceAll('{site}', message.siteName)
    .replaceAll('{email}', message.newEmail ?? '')
    .replaceAll('{code}', message.token);

export function renderMessage(message: OutgoingMessage): RenderedMessage {
  const words = copy[message.locale][message.type];
  if (message.channel === 'sms') return { subject: '', text: fill(words.intro, message), html: '' };

  const subject = fill(words.subject, message);
  const intro = fill(words.intro, message);
  const text = [
    intro,
    '',
    ...(message.link && words.action ? [`${words.action}: ${message.link}`, ''] : []),
    ...(message.extraLink && words.extraAction ? [`${words.extraAction}: ${message.extraLink}`, ''] : []),
    // A message without a code (signup_existing) has no code line.
    ...(message.token ? [`${words.codeLabel}: ${message.token}`, ''] : []),
    footer[message.locale],
    '',
    `${message.siteName} · ${message.siteUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const button =
    message.link && words.action
      ? `<p style="margin:24px 0"><a href="${e(message.link)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${e(words.action)}</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">${e(message.link)}</p>`
      : '';
  const extra =
    message.extraLink && words.extraAction
      ? `<p style="margin:16px 0"><a href="${e(message.extraLink)}" style="color:#4f46e5;font-weight:600">${e(words.extraAction)}</a></p>`
      : '';
  const code = message.token
    ? `<p style="margin:16px 0 4px;color:#374151">${e(words.codeLabel)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:0;font-family:ui-monospace,Menlo,monospace">${e(message.token)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${message.locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:-apple-system,Segoe UI,Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${e(subject)}</h1>
<p style="line-height:1.6;margin:0">${e(intro)}</p>
${button}
${extra}
${code}
<p style="font-size:13px;color:#6b7280;line-height:1.5;margin-top:24px">${e(footer[message.locale])}</p>
<p style="font-size:13px;color:#9ca3af;margin-top:16px">${e(message.siteName)} · ${e(message.siteUrl)}</p>
</div></body></html>`;
  return { subject, text, html };
}

import { createHash } from 'node:crypto';

// Script types a browser runs; anything else (application/json, application/ld+json) is data, outside CSP.
const executable = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The inline scripts of an HTML document with the CSP source that allows each (`'sha256-…'` of the exact text
 * between the tags). `flight` marks React's per-page flight data (`self.__next_f.push`), which differs from page
 * to page; the rest are fixed scripts such as the theme script.
 * @param {string} html
 * @returns {{ hash: string, flight: boolean }[]}
 */
export function inlineScriptHashes(html) {
  const found = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!executable.has(type)) continue;
    const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    found.push({ hash, flight: body.startsWith('self.__next_f') || body.startsWith('(self.__next_f') });
  }
  return found;
}

import type { AbstractIntlMessages } from 'next-intl';

/**
 * The namespaces client components read. Only these travel to the browser; page copy is rendered
 * on the server and never duplicated into the page's data.
 */
export const clientNamespaces = ['common', 'nav', 'theme', 'locale', 'errors', 'toast', 'version', 'code', 'docs', 'pricing'] as const;

export function clientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(clientNamespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]!]));
}

/**
 * The client namespaces plus those of one area (the sign-in pages, the dashboard), for a nested provider. A dotted
 * name (`research.searchLog`) sends that part of a namespace only, for a page that shows one component of another area.
 */
export function clientMessagesWith(messages: AbstractIntlMessages, extra: readonly string[]): AbstractIntlMessages {
  const picked = clientMessages(messages);
  for (const ns of extra) {
    const path = ns.split('.');
    let from: AbstractIntlMessages | string | undefined = messages;
    for (const key of path) from = typeof from === 'object' ? from[key] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const key of path.slice(0, -1)) {
      const next = into[key];
      // An object already picked whole stays shared with the full messages: copy before adding to it.
      into = into[key] = typeof next === 'object' ? { ...next } : {};
    }
    into[path.at(-1)!] = from;
  }
  return picked;
}

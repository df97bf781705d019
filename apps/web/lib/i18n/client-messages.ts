import type { AbstractIntlMessages } from 'next-intl';

/**
 * The namespaces client components read. Only these travel to the browser; page copy is rendered
 * on the server and never duplicated into the page's data.
 */
export const clientNamespaces = ['common', 'nav', 'theme', 'locale', 'errors', 'toast', 'version', 'code', 'docs', 'pricing'] as const;

export function clientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(clientNamespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]!]));
}

/** The client namespaces plus those of one area (the sign-in pages, the dashboard), for a nested provider. */
export function clientMessagesWith(messages: AbstractIntlMessages, extra: readonly string[]): AbstractIntlMessages {
  const picked = clientMessages(messages);
  for (const ns of extra) if (ns in messages) picked[ns] = messages[ns]!;
  return picked;
}

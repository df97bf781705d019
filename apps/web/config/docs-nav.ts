/**
 * The documentation's sidebar: sections in order, each listing page slugs (paths under
 * content/docs without the extension). Previous / next follow this order. Section titles are
 * message keys under `docs.sections`; page titles come from each page's front matter.
 */
export type DocsSection = { key: string; pages: readonly string[] };

export const docsNav: readonly DocsSection[] = [
  { key: 'start', pages: ['getting-started', 'configuration'] },
  {
    key: 'literature',
    pages: [
      'literature/searching',
      'literature/how-checking-works',
      'literature/cross-lingual-search',
      'literature/online-sources',
      'literature/importing-a-corpus',
      'literature/citation-styles',
    ],
  },
  { key: 'ai', pages: ['ai/asking-questions', 'ai/writing-tools', 'ai/workflows', 'ai/search-logs'] },
  {
    key: 'selfHosting',
    pages: [
      'self-hosting',
      'self-hosting/authentication',
      'self-hosting/security',
      'self-hosting/admin-area',
      'self-hosting/scaling-out',
      'self-hosting/scaling-search',
      'self-hosting/file-storage',
      'self-hosting/connecting-a-model',
    ],
  },
  {
    key: 'guides',
    pages: [
      'guides/accounts-and-security',
      'guides/account-settings',
      'guides/research-notes',
      'guides/my-files',
      'guides/plans-and-billing',
      'guides/languages-and-themes',
      'guides/writing-content',
    ],
  },
];

export const docsPages: readonly string[] = docsNav.flatMap((section) => section.pages);

/**
 * Links of the header and the footer. Labels are message keys (`nav.*`, `footer.*`) so both languages
 * come from the message files; hrefs are unprefixed and localised by the Link component.
 */
export type NavLink = { key: string; href: string };

export const headerLinks: NavLink[] = [
  { key: 'scholar', href: '/scholar' },
  { key: 'ai', href: '/ai' },
  { key: 'pricing', href: '/pricing' },
  { key: 'docs', href: '/docs/getting-started' },
  { key: 'blog', href: '/blog' },
];

export type FooterSection = { key: 'product' | 'resources' | 'legal'; links: NavLink[] };

export const footerSections: FooterSection[] = [
  {
    key: 'product',
    links: [
      { key: 'scholar', href: '/scholar' },
      { key: 'ai', href: '/ai' },
      { key: 'pricing', href: '/pricing' },
      { key: 'changelog', href: '/changelog' },
    ],
  },
  {
    key: 'resources',
    links: [
      { key: 'docs', href: '/docs/getting-started' },
      { key: 'selfHosting', href: '/docs/self-hosting' },
      { key: 'blog', href: '/blog' },
      { key: 'rss', href: '/blog/rss.xml' },
    ],
  },
  {
    key: 'legal',
    links: [
      { key: 'privacy', href: '/legal/privacy' },
      { key: 'terms', href: '/legal/terms' },
    ],
  },
];

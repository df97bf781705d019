/** The public pages of the site, each with the heading a reader sees first, in both languages. */
export type PublicPage = { path: string; heading: { en: RegExp; zh: RegExp } };

export const publicPages: PublicPage[] = [
  { path: '/', heading: { en: /only cites real papers/, zh: /只引用真实论文/ } },
  { path: '/ai', heading: { en: /AI tools for research/, zh: /科研 AI 工具/ } },
  { path: '/scholar', heading: { en: /Literature search you can cite from/, zh: /放心引用/ } },
  { path: '/pricing', heading: { en: /Simple plans/, zh: /简单方案/ } },
  { path: '/blog', heading: { en: /^Blog$/, zh: /^博客$/ } },
  { path: '/docs/getting-started', heading: { en: /.+/, zh: /.+/ } },
  { path: '/docs/self-hosting/scaling-out', heading: { en: /.+/, zh: /.+/ } },
  { path: '/changelog', heading: { en: /^Changelog$/, zh: /^更新日志$/ } },
  { path: '/legal/privacy', heading: { en: /Privacy/i, zh: /隐私/ } },
  { path: '/legal/terms', heading: { en: /Terms/i, zh: /条款|协议/ } },
];

export const locales = ['en', 'zh'] as const;
export type Locale = (typeof locales)[number];

export function localized(path: string, locale: Locale): string {
  if (locale === 'en') return path;
  return path === '/' ? '/zh' : `/zh${path}`;
}

/** The origin the build was made for (SITE_URL at build time, by default following the port), used in canonical URLs. */
export const siteUrl = (process.env.SITE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`).replace(/\/+$/, '');

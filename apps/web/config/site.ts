/** Facts about the product that appear across the site. */
export const siteConfig = {
  name: 'Citewise',
  /** Used in social cards; the account is the product's. */
  twitter: '@citewise',
  contactEmail: 'hello@citewise.app',
  privacyEmail: 'privacy@citewise.app',
  legalEmail: 'legal@citewise.app',
  repository: 'https://github.com/citewise/citewise',
} as const;

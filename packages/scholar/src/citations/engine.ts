// citation-js with the bundled styles and locales. Registering them in plugin-csl's registers is all citeproc
// ever reads: an unknown style is an error and an unknown locale falls back to en-US, so nothing is fetched.
import { plugins, type Register } from '@citation-js/core';
import '@citation-js/plugin-csl';
import { LOCALE_FILES, STYLE_FILES } from './csl-files.generated';
import { bilingualGbStyle } from './gb-bilingual';
import { CITATION_STYLES, getCitationStyle, type CitationStyleId } from './styles';

/** The name a style is registered under in citation-js (kept apart from plugin-csl's own built-in templates). */
export const templateName = (id: CitationStyleId) => `citewise-${id}`;

let registered = false;

/** Registers every bundled style and locale with citation-js (once; cheap to call again). */
export function registerCitationStyles() {
  if (registered) return;
  const config = plugins.config.get('@csl') as { styles: Register<string>; locales: Register<string> };
  for (const [tag, xml] of Object.entries(LOCALE_FILES)) config.locales.add(tag, xml);
  for (const style of CITATION_STYLES) {
    const xml = STYLE_FILES[style.file];
    if (!xml) throw new Error(`bundled CSL style ${style.file}.csl is missing`);
    config.styles.add(templateName(style.id), style.bilingual ? bilingualGbStyle(xml, { authorDate: style.citationFormat === 'author-date' }) : xml);
  }
  registered = true;
}

/** The locale a style renders with: GB/T 7714 in Chinese (English items switch per item), the rest in English. */
export function styleLocale(id: CitationStyleId) {
  return getCitationStyle(id).bilingual ? 'zh-CN' : 'en-US';
}

/** The registered style XML (after the bilingual derivation), for tests and inspection. */
export function registeredStyleXml(id: CitationStyleId): string | undefined {
  registerCitationStyles();
  return (plugins.config.get('@csl') as { styles: Register<string> }).styles.get(templateName(id));
}

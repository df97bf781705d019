import { BookMarked } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { footerSections } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { NavLink } from './nav-link';

export async function SiteFooter() {
  const t = await getTranslations('footer');
  const locale = (await getLocale()) as Locale;
  // The footer is prerendered, so the year is the build's; a yearly release keeps it right.
  const year = new Date().getFullYear();
  return (
    <footer aria-label={t('label')} className="mt-auto border-t border-border/60 bg-background/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold">
            <BookMarked className="size-5 text-primary" aria-hidden />
            {siteConfig.name}
          </p>
          <p className="max-w-xs text-sm text-muted-foreground">{t('tagline')}</p>
        </div>
        {footerSections.map((section) => (
          <nav key={section.key} aria-labelledby={`footer-${section.key}`}>
            <h2 id={`footer-${section.key}`} className="text-sm font-semibold">
              {t(`sections.${section.key}`)}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {section.links.map((link) => (
                <li key={link.key}>
                  {link.href.endsWith('.xml') ? (
                    // A feed is a file, not a page: a plain link, so the router does not try to render it.
                    <a href={localizePath(link.href, locale)} className="text-muted-foreground hover:text-foreground">
                      {t(`links.${link.key as 'rss'}`)}
                    </a>
                  ) : (
                    <NavLink href={link.href} className="text-muted-foreground hover:text-foreground">
                      {t(`links.${link.key as 'rss'}`)}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border/60">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6">{t('copyright', { year })}</p>
      </div>
    </footer>
  );
}

'use client';

import { clsx } from 'clsx';
import { Languages } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname } from '@/lib/i18n/navigation';
import { languageTags, localeCookie, localizePath, routing, type Locale } from '@/lib/i18n/routing';

/**
 * Links to the current page in each language. They are plain links: the whole page changes
 * language, and the choice is written to the locale cookie first, so that the server does not send
 * a reader who just chose English back to the Chinese page they came from.
 */
export function LocaleSwitch({ className }: { className?: string }) {
  const t = useTranslations('locale');
  const locale = useLocale();
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className={clsx('flex items-center gap-1 text-sm', className)}>
      <Languages className="size-4 text-muted-foreground" aria-hidden />
      {routing.locales.map((other: Locale) => (
        <a
          key={other}
          href={localizePath(pathname, other)}
          hrefLang={languageTags[other]}
          lang={languageTags[other]}
          aria-current={other === locale ? 'true' : undefined}
          onClick={() => {
            document.cookie = `${localeCookie.name}=${other}; path=/; max-age=${localeCookie.maxAge}; samesite=lax`;
          }}
          data-testid={`locale-${other}`}
          className={clsx(
            'rounded-md px-2 py-1 hover:bg-accent hover:text-accent-foreground',
            other === locale ? 'font-semibold text-foreground' : 'text-muted-foreground',
          )}
        >
          {t(other)}
        </a>
      ))}
    </nav>
  );
}

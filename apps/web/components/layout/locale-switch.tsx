'use client';

import { Languages } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { clsx as cn } from 'clsx';

/** Links to the current page in each language; the choice is remembered by the locale cookie. */
export function LocaleSwitch({ className }: { className?: string }) {
  const t = useTranslations('locale');
  const locale = useLocale();
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className={cn('flex items-center gap-1 text-sm', className)}>
      <Languages className="size-4 text-muted-foreground" aria-hidden />
      {routing.locales.map((other) => (
        <Link
          key={other}
          href={pathname}
          locale={other}
          hrefLang={other === 'zh' ? 'zh-CN' : other}
          lang={other === 'zh' ? 'zh-CN' : other}
          aria-current={other === locale ? 'true' : undefined}
          data-testid={`locale-${other}`}
          className={cn(
            'rounded-md px-2 py-1 hover:bg-accent hover:text-accent-foreground',
            other === locale ? 'font-semibold text-foreground' : 'text-muted-foreground',
          )}
        >
          {t(other)}
        </Link>
      ))}
    </nav>
  );
}

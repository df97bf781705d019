'use client';

import { ArrowLeft, Home } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { siteConfig } from '@/config/site';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/i18n/navigation';
import { useFullPath } from './use-full-path';

const knownStatuses = [401, 403, 404, 500] as const;
type KnownStatus = (typeof knownStatuses)[number];

function isKnown(status: number): status is KnownStatus {
  return (knownStatuses as readonly number[]).includes(status);
}

/**
 * The error screen: status, headline, message and the two ways out. `onClear` resets the error
 * boundary (when there is one) before navigating, so the next page renders fresh.
 */
export function ErrorScreen({ status, onClear }: { status: number; onClear?: () => void }) {
  const t = useTranslations('errors');
  const router = useRouter();
  const path = useFullPath();
  const key = isKnown(status) ? String(status) : 'other';
  const message = status === 404 ? t('message.404', { path }) : t(`message.${key as '401'}`, { email: siteConfig.contactEmail });
  const headline = t(`headline.${key as '401'}`);

  // The tab says what happened, not just "Citewise" (a 404) or the title of the page that was refused (a 403):
  // boundaries cannot export metadata that wins over the route's, so the title is set once the screen is shown.
  useEffect(() => {
    document.title = `${status} ${headline.charAt(0).toUpperCase()}${headline.slice(1)} · ${siteConfig.name}`;
  }, [status, headline]);

  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center"
      aria-labelledby="error-headline"
      data-testid="error-screen"
    >
      <p className="text-7xl font-bold tracking-tight text-primary" aria-label={t('statusLabel', { status })} data-testid="error-status">
        {status}
      </p>
      <h1 id="error-headline" className="text-2xl font-semibold first-letter:uppercase" data-testid="error-headline">
        {headline}
      </h1>
      <p className="break-all text-muted-foreground" data-testid="error-message">
        {message}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button
          data-testid="error-home"
          onClick={() => {
            onClear?.();
            router.push('/');
          }}
        >
          <Home aria-hidden />
          {t('backHome')}
        </Button>
        <Button
          variant="outline"
          data-testid="error-back"
          onClick={() => {
            onClear?.();
            router.back();
          }}
        >
          <ArrowLeft aria-hidden />
          {t('backPrevious')}
        </Button>
      </div>
    </section>
  );
}

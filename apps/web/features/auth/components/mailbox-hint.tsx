import { Inbox } from 'lucide-react';
import { useTranslations } from 'next-intl';

/**
 * Shown where a mail or SMS is sent while the installation has no real provider: the message went to the dev
 * mailbox, and this is how to read it (so a fresh install can be tried end to end).
 */
export function MailboxHint({ href, to }: { href: string | null | undefined; to?: string }) {
  const t = useTranslations('auth.mailbox');
  if (!href) return null;
  const link = to ? `${href}?to=${encodeURIComponent(to)}` : href;
  return (
    <div className="mt-4 flex gap-3 rounded-md border border-dashed border-border p-3 text-sm" data-testid="mailbox-hint">
      <Inbox className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid gap-1">
        <p className="font-medium">{t('title')}</p>
        <p className="text-muted-foreground">{t('body')}</p>
        <a href={link} target="_blank" rel="noopener" className="w-fit text-primary underline underline-offset-2" data-testid="mailbox-link">
          {t('open')}
        </a>
      </div>
    </div>
  );
}

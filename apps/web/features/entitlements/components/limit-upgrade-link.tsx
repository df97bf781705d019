'use client';

import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api/client';
import { Link } from '@/lib/i18n/navigation';

/** The way up from a reached plan limit (`plan_limit_reached`): a link to the plans; nothing for other errors. */
export function LimitUpgradeLink({ error }: { error: unknown }) {
  const t = useTranslations('errors.limits');
  if (!(error instanceof ApiError) || !error.limit) return null;
  const href = error.limit.upgrade_url.startsWith('/') && !error.limit.upgrade_url.startsWith('//') ? error.limit.upgrade_url : '/pricing';
  return (
    <Link href={href} className={buttonVariants({ size: 'sm', className: 'w-fit' })} data-testid="limit-upgrade">
      {t('upgrade')}
    </Link>
  );
}

'use client';

import { ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

/** Instead of the admin pages, to an admin without a second factor while ADMIN_REQUIRE_MFA is on: set one up first. */
export function AdminEnrol() {
  const t = useTranslations('admin.enrol');
  return (
    <section className="mx-auto grid max-w-xl gap-4 py-16 text-center" aria-labelledby="admin-enrol-title" data-testid="admin-enrol">
      <ShieldCheck className="mx-auto size-10 text-primary" aria-hidden />
      <h1 id="admin-enrol-title" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      <p className="text-muted-foreground">{t('lead')}</p>
      <Button asChild className="mx-auto w-fit">
        <Link href="/dashboard/settings/security" data-testid="admin-enrol-link">
          {t('action')}
        </Link>
      </Button>
    </section>
  );
}

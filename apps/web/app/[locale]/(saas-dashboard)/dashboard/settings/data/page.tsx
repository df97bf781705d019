import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeleteAccount } from '@/features/settings/components/delete-account';
import { ExportData } from '@/features/settings/components/export-data';
import { requireUser } from '@/lib/auth/session';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'settings' });
  return { title: `${t('nav.data')} · ${t('title')}` };
}

/** /dashboard/settings/data: export all my data, delete my account. */
export default async function DataSettingsPage(props: LocaleParams) {
  // Signed-in only, and rendered per request (never prerendered at build time).
  await requireUser(await pageLocale(props));
  return (
    <>
      <ExportData />
      <DeleteAccount />
    </>
  );
}

import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConfirmLinkPanel } from '@/features/auth/components/confirm-link-panel';
import { confirmSchema } from '@/features/auth/schema';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'auth.meta' });
  return constructMetadata({ title: t('confirmTitle'), description: t('signInDescription'), path: '/auth/confirm', locale, noIndex: true });
}

// /auth/confirm?token_hash=…&type=…&next=… – where /api/auth/confirm sends a mailed link: one click to continue
export default async function Page(props: Props) {
  await pageLocale(props);
  const link = confirmSchema.safeParse(await props.searchParams);
  return <ConfirmLinkPanel link={link.success ? link.data : null} />;
}

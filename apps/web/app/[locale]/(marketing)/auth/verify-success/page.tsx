import { CircleCheck } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Section } from '@/components/section';
import { buttonVariants } from '@/components/ui/button';
import { authGuard } from '@/config/auth';
import { isAuthPage } from '@/lib/auth/guard';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { localizePath } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';
import { safeRedirect } from '@/lib/safe-redirect';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'auth.meta' });
  return constructMetadata({ title: t('verifySuccessTitle'), description: t('signUpDescription'), path: '/auth/verify-success', locale, noIndex: true });
}

/**
 * Where the sign-up confirmation link lands (docs/product.md §2: marketing layout). The link has already confirmed the
 * address; in the browser that signed up it has also signed the person in, elsewhere the guard asks for
 * the password on the way to the dashboard.
 */
export default async function VerifySuccessPage(props: LocaleParams & { searchParams: Promise<{ redirect?: string | string[] }> }) {
  const locale = await pageLocale(props);
  const t = await getTranslations('auth.verifySuccess');
  const { redirect } = await props.searchParams;
  const target = safeRedirect(typeof redirect === 'string' ? redirect : undefined, {
    fallback: localizePath(authGuard.afterSignInPath, locale),
    refuse: (path) => isAuthPage(path),
  });
  return (
    <Section className="flex max-w-xl flex-1 flex-col items-center justify-center text-center">
      <CircleCheck className="size-14 text-success" aria-hidden />
      <h1 className="mt-6 text-3xl font-bold tracking-tight" data-testid="verify-success-title">
        {t('title')}
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">{t('lead')}</p>
      <a href={target} className={buttonVariants({ size: 'lg', className: 'mt-8' })} data-testid="verify-success-continue">
        {t('continue')}
      </a>
      <p className="mt-4 max-w-md text-sm text-muted-foreground">{t('next')}</p>
    </Section>
  );
}

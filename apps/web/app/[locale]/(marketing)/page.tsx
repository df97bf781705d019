import { BookOpenCheck, Library, Quote, Search, Sparkles, Users, GraduationCap, FlaskConical } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader, Section } from '@/components/section';
import { buttonVariants } from '@/components/ui/button';
import { VerificationDemo } from '@/features/marketing/components/verification-demo';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return constructMetadata({ title: t('homeTitle'), description: t('siteDescription'), path: '/', locale });
}

const capabilities = [
  { key: 'search', Icon: Search },
  { key: 'ai', Icon: Sparkles },
  { key: 'cite', Icon: Quote },
  { key: 'library', Icon: Library },
] as const;

const audiences = [
  { key: 'students', Icon: GraduationCap },
  { key: 'researchers', Icon: FlaskConical },
  { key: 'teams', Icon: Users },
] as const;

export default async function HomePage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'home' });

  return (
    <>
      <Section className="grid items-center gap-12 py-20 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <PageHeader eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
          <div className="flex flex-wrap gap-3">
            <Link href="/auth/signup" prefetch={false} className={buttonVariants({ size: 'lg' })} data-testid="cta-signup">
              {t('primaryCta')}
            </Link>
            <Link href="/ai/research" prefetch={false} className={buttonVariants({ size: 'lg', variant: 'outline' })} data-testid="cta-search">
              <Search aria-hidden />
              {t('secondaryCta')}
            </Link>
          </div>
        </div>
        <VerificationDemo />
      </Section>

      <Section aria-labelledby="promise" className="py-12">
        <div className="rounded-2xl border border-border bg-card/80 p-8 sm:p-10">
          <div className="flex items-start gap-4">
            <BookOpenCheck className="mt-1 size-8 shrink-0 text-primary" aria-hidden />
            <div className="space-y-3">
              <h2 id="promise" className="text-2xl font-semibold tracking-tight sm:text-3xl">
                {t('promise.title')}
              </h2>
              <p className="max-w-3xl text-muted-foreground">{t('promise.body')}</p>
            </div>
          </div>
          <dl className="mt-8 grid gap-6 sm:grid-cols-3">
            {(['verified', 'mismatch', 'notFound'] as const).map((key) => (
              <div key={key} className="rounded-lg bg-muted/60 p-4">
                <dt className="font-semibold">{t(`promise.${key}`)}</dt>
                <dd className="mt-1 text-sm text-muted-foreground">{t(`promise.${key}Body`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section aria-labelledby="capabilities">
        <h2 id="capabilities" className="max-w-2xl text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('capabilities.title')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {capabilities.map(({ key, Icon }) => (
            <li key={key} className="rounded-xl border border-border bg-card/80 p-6">
              <Icon className="size-6 text-primary" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{t(`capabilities.${key}.title`)}</h3>
              <p className="mt-2 text-muted-foreground">{t(`capabilities.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="audience">
        <h2 id="audience" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('audience.title')}
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {audiences.map(({ key, Icon }) => (
            <li key={key}>
              <Icon className="size-6 text-primary" aria-hidden />
              <h3 className="mt-3 font-semibold">{t(`audience.${key}.title`)}</h3>
              <p className="mt-2 text-muted-foreground">{t(`audience.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="bilingual" className="py-12">
        <div className="grid gap-6 rounded-2xl bg-accent/60 p-8 sm:p-10 md:grid-cols-[1fr_1fr]">
          <h2 id="bilingual" className="text-2xl font-semibold tracking-tight text-accent-foreground sm:text-3xl">
            {t('bilingual.title')}
          </h2>
          <p className="text-foreground/90">{t('bilingual.body')}</p>
        </div>
      </Section>

      <Section aria-labelledby="cta" className="pb-24 text-center">
        <h2 id="cta" className="text-3xl font-bold tracking-tight">
          {t('cta.title')}
        </h2>
        <p className="mt-3 text-muted-foreground">{t('cta.body')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/auth/signup" prefetch={false} className={buttonVariants({ size: 'lg' })}>
            {t('cta.primary')}
          </Link>
          <Link href="/pricing" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            {t('cta.secondary')}
          </Link>
        </div>
      </Section>
    </>
  );
}

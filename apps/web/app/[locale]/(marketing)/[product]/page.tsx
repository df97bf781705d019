import { ArrowRight } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageHeader, Section } from '@/components/section';
import { buttonVariants } from '@/components/ui/button';
import { findProduct, products } from '@/config/products';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { routing } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';

type Props = LocaleParams<{ product: string }>;

// Only the pages generated at build exist. Any other value falls through to the [...rest] route, which renders
// the 404 per request: a 404 rendered here would be cached like a page, with the first request's CSP nonce.
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => products.map((product) => ({ locale, product: product.id })));
}

async function load(props: Props) {
  const locale = await pageLocale(props);
  const product = findProduct((await props.params).product);
  if (!product) notFound();
  const t = await getTranslations({ locale, namespace: `products.${product.id as 'scholar'}` });
  return { locale, product, t };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, product, t } = await load(props);
  return constructMetadata({ title: t('metaTitle'), description: t('metaDescription'), path: `/${product.id}`, locale });
}

export default async function ProductPage(props: Props) {
  const { product, t } = await load(props);
  return (
    <>
      <Section className="py-20">
        <PageHeader eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href={product.cta.href} className={buttonVariants({ size: 'lg' })}>
            {t('cta')}
            <ArrowRight aria-hidden />
          </Link>
          <Link href="/docs/getting-started" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            {t('secondaryCta')}
          </Link>
        </div>
      </Section>
      <Section aria-labelledby="features">
        <h2 id="features" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('featuresTitle')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {product.features.map((feature) => (
            <li key={feature} className="rounded-xl border border-border bg-card/80 p-6">
              <h3 className="font-semibold">{t(`features.${feature as 'federated'}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`features.${feature as 'federated'}.body`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section aria-labelledby="steps" className="pb-24">
        <h2 id="steps" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('stepsTitle')}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-4">
          {product.steps.map((step, index) => (
            <li key={step} className="space-y-2">
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="font-semibold">{t(`steps.${step as 'search'}.title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`steps.${step as 'search'}.body`)}</p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

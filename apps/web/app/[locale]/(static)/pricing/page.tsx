import { Check, Minus } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/section';
import { planFeatures, plans, type FeatureValue } from '@/config/plans';
import { formatStorage } from '@/lib/format-price';
import { PricingPlans } from '@/features/pricing/components/pricing-plans';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return constructMetadata({ title: t('pricingTitle'), description: t('pricingDescription'), path: '/pricing', locale });
}

const faqKeys = ['change', 'yearly', 'currency', 'limits', 'selfHost', 'students'] as const;

export default async function PricingPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'pricing' });

  function cell(feature: (typeof planFeatures)[number], value: FeatureValue) {
    if (value === true)
      return (
        <>
          <Check className="size-4 text-success" aria-hidden />
          <span className="sr-only">{t('included')}</span>
        </>
      );
    if (value === false)
      return (
        <>
          <Minus className="size-4 text-muted-foreground" aria-hidden />
          <span className="sr-only">{t('notIncluded')}</span>
        </>
      );
    if (value === 'unlimited') return t('unlimited');
    return feature === 'storageMb' ? formatStorage(value) : value.toLocaleString(locale);
  }

  return (
    <div className="min-w-0 space-y-20">
      <div className="space-y-10">
        <PageHeader title={t('title')} lead={t('lead')} />
        <PricingPlans />
      </div>

      <section aria-labelledby="compare" className="min-w-0">
        <h2 id="compare" className="text-2xl font-semibold tracking-tight">
          {t('compareTitle')}
        </h2>
        {/* `relative`: the cells' screen-reader-only labels are absolutely positioned, and without a positioned
            scroll box they escape it and widen the whole page on phones. */}
        <div className="relative mt-6 overflow-x-auto rounded-xl border border-border bg-card/80" tabIndex={0}>
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="compare-table">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('feature')}
                </th>
                {plans.map((plan) => (
                  <th key={plan.id} scope="col" className="px-4 py-3 font-semibold">
                    {t(`plans.${plan.id}.name`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {planFeatures.map((feature) => (
                <tr key={feature} className="border-b border-border last:border-0">
                  <th scope="row" className="px-4 py-3 font-normal">
                    {t(`features.${feature}`)}
                  </th>
                  {plans.map((plan) => (
                    <td key={plan.id} className="px-4 py-3">
                      {cell(feature, plan.features[feature])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="faq" className="max-w-3xl">
        <h2 id="faq" className="text-2xl font-semibold tracking-tight">
          {t('faqTitle')}
        </h2>
        <div className="mt-6 divide-y divide-border rounded-xl border border-border bg-card/80">
          {faqKeys.map((key) => (
            <details key={key} className="group p-5">
              <summary className="cursor-pointer list-none font-medium marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {t(`faq.${key}.q`)}
                  <span aria-hidden className="text-muted-foreground transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-muted-foreground">{t(`faq.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

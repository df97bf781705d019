import { ArrowRight } from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { getAccount } from '@/features/settings/server/get-account';
import { AiToolsSection } from '@/features/dashboard/components/ai-tools-section';
import { NavIcon } from '@/components/layout/nav-icon';
import { PlanCard } from '@/features/dashboard/components/plan-card';
import { requireUser } from '@/lib/auth/session';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'dashboard.meta' });
  return { title: t('title') };
}

/** /dashboard: who is signed in, their plan, and where to start. Only real data. */
export default async function DashboardPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  await requireUser(locale);
  const [account, t, format] = await Promise.all([getAccount(), getTranslations('dashboard.home'), getFormatter()]);
  const displayName = account.name ?? account.email ?? account.phone ?? '';
  const knownProviders = ['email', 'phone', 'github', 'google', 'oidc'] as const;
  const methods = account.providers.map((provider) =>
    (knownProviders as readonly string[]).includes(provider) ? t(`providers.${provider as 'email'}`) : provider,
  );

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl" data-testid="dashboard-greeting">
          {t('greeting', { name: displayName })}
        </h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="account-title" className="rounded-xl border border-border bg-card p-5" data-testid="account-card">
          <h2 id="account-title" className="text-sm font-medium text-muted-foreground">
            {t('account')}
          </h2>
          <dl className="mt-3 grid gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">{t('signedInAs')}</dt>
              <dd className="font-medium break-all" data-testid="account-identity">
                {account.email ?? account.phone}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('methods')}</dt>
              <dd>{methods.join(' · ')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('memberSince')}</dt>
              <dd>{format.dateTime(new Date(account.createdAt), { dateStyle: 'long' })}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('twoStep')}</dt>
              <dd data-testid="account-two-step">{account.verifiedFactors > 0 ? t('twoStepOn', { count: account.verifiedFactors }) : t('twoStepOff')}</dd>
            </div>
          </dl>
        </section>
        <PlanCard />
      </div>

      <section aria-labelledby="next-title" className="grid grid-cols-1 gap-4">
        <h2 id="next-title" className="text-xl font-semibold">
          {t('nextSteps')}
        </h2>
        <div className="rounded-xl border border-border bg-card p-5">
          <div className="flex items-start gap-3">
            <NavIcon icon="search-check" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="grid gap-2">
              <h3 className="font-semibold">{t('searchTitle')}</h3>
              <p className="text-sm text-muted-foreground">{t('searchBody')}</p>
              <Link href="/ai/research" className={buttonVariants({ className: 'mt-1 w-fit' })} data-testid="next-research">
                {t('searchCta')}
                <ArrowRight aria-hidden />
              </Link>
            </div>
          </div>
        </div>
      </section>

      <AiToolsSection />
    </div>
  );
}

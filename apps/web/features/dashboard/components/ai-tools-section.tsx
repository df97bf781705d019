import { ArrowRight } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { aiAppHref, availableAiApps } from '@/config/ai-apps';
import { Link } from '@/lib/i18n/navigation';
import { NavIcon } from '@/components/layout/nav-icon';

/** The dashboard home's AI tools: those with pages (config/ai-apps.ts), and the way to the usage page. */
export async function AiToolsSection() {
  const [t, tApps] = await Promise.all([getTranslations('dashboard.home'), getTranslations('aiApps')]);
  return (
    <section aria-labelledby="ai-tools-title" className="grid grid-cols-1 gap-4" data-testid="dashboard-ai-tools">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ai-tools-title" className="text-xl font-semibold">
          {t('aiTitle')}
        </h2>
        <Link href="/dashboard/ai/tokens" className="text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="dashboard-ai-usage">
          {t('aiUsageLink')}
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">{t('aiLead')}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {availableAiApps().map((app) => {
          const name = tApps(`${app.id}.title`);
          return (
            <li key={app.id} data-testid="dashboard-ai-app">
              <Link
                href={aiAppHref(app)}
                aria-label={t('aiOpen', { name })}
                className="group flex h-full flex-col rounded-xl border border-border bg-card p-5 transition-colors hover:border-primary/60"
              >
                <NavIcon icon={app.icon} className="size-5 text-primary" />
                <span className="mt-3 font-semibold">{name}</span>
                <span className="mt-1 flex-1 text-sm text-muted-foreground">{tApps(`${app.id}.description`)}</span>
                <ArrowRight className="mt-3 size-4 text-primary transition-transform group-hover:translate-x-1" aria-hidden />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { ArrowRight, FileText, Languages, ListChecks, MessagesSquare, PenLine, Route, SearchCheck } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader, Section } from '@/components/section';
import { aiAppHref, aiAppKinds, availableAiApps, type AiApp } from '@/config/ai-apps';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return constructMetadata({ title: t('aiTitle'), description: t('aiDescription'), path: '/ai', locale });
}

const icons: Record<AiApp['icon'], typeof FileText> = {
  'search-check': SearchCheck,
  'messages-square': MessagesSquare,
  route: Route,
  'pen-line': PenLine,
  'file-text': FileText,
  languages: Languages,
  'list-checks': ListChecks,
};

export default async function AiDirectoryPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'ai' });
  const tApps = await getTranslations({ locale, namespace: 'aiApps' });

  return (
    <Section>
      <PageHeader title={t('title')} lead={t('lead')} />
      <p className="mt-4 text-sm text-muted-foreground">{t('signInNote')}</p>
      {aiAppKinds.map((kind) => {
        // Only apps whose pages exist (config/ai-apps.ts): a tool is never offered before it works.
        const apps = availableAiApps().filter((app) => app.kind === kind);
        if (apps.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`kind-${kind}`} className="mt-14">
            <h2 id={`kind-${kind}`} className="text-xl font-semibold">
              {t(`kinds.${kind}`)}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t(`kindDescriptions.${kind}`)}</p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {apps.map((app) => {
                const Icon = icons[app.icon];
                const name = tApps(`${app.id}.title`);
                return (
                  <li key={app.id} data-testid="ai-app">
                    <Link
                      href={aiAppHref(app)}
                      aria-label={t('open', { name })}
                      className="group flex h-full flex-col rounded-xl border border-border bg-card/80 p-5 transition-colors hover:border-primary/60"
                    >
                      <Icon className="size-6 text-primary" aria-hidden />
                      <span className="mt-4 font-semibold">{name}</span>
                      <span className="mt-2 flex-1 text-sm text-muted-foreground">{tApps(`${app.id}.description`)}</span>
                      <ArrowRight className="mt-4 size-4 text-primary transition-transform group-hover:translate-x-1" aria-hidden />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </Section>
  );
}

import { CITATION_STYLES } from '@citewise/scholar';
import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { PageHeader, Section } from '@/components/section';
import { buttonVariants } from '@/components/ui/button';
import { WorkflowApp } from '@/features/ai/components/workflow-app';
import { findAiApp } from '@/features/ai/find-ai-app';
import { RUN_ID } from '@/features/ai/schema';
import { currentUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { localizePath } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';
import { workflowAppMessages } from '@/features/ai/messages';

type Props = LocaleParams<{ appid: string }> & { searchParams?: Promise<Record<string, string | string[] | undefined>> };

async function load(props: Props) {
  const locale = await pageLocale(props);
  const app = findAiApp((await props.params).appid, 'workflow');
  if (!app) notFound();
  const t = await getTranslations({ locale, namespace: `aiApps.${app.id as 'literature-review'}` });
  return { locale, app, t };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, app, t } = await load(props);
  return constructMetadata({ title: t('title'), description: t('description'), path: `/ai/workflow/${app.id}`, locale });
}

/**
 * /ai/workflow/{appid}: a multi-step AI job (literature review). Open to all; running it needs sign-in.
 * `?run=<id>` opens one of the user's runs.
 */
export default async function WorkflowPage(props: Props) {
  const { locale, app, t } = await load(props);
  const [user, messages, tw, search] = await Promise.all([
    currentUser(),
    getMessages(),
    getTranslations({ locale, namespace: 'aiWorkflow' }),
    props.searchParams,
  ]);
  const path = `/ai/workflow/${app.id}`;
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  const run = typeof search?.run === 'string' && RUN_ID.test(search.run) ? search.run : null;
  return (
    <Section>
      <PageHeader title={t('title')} lead={t('description')} />
      <div className="mt-8">
        {user ? (
          <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, workflowAppMessages)} timeZone="UTC">
            <WorkflowApp appId={app.id} styles={styles} initialRunId={run} />
          </IntlClientProvider>
        ) : (
          <div className="grid justify-items-start gap-3 rounded-md border border-border bg-card p-6" data-testid="wf-signin">
            <p className="text-sm text-muted-foreground">{tw('signInToRun')}</p>
            <Link href={{ pathname: '/auth/signin', query: { redirect: localizePath(path, locale) } }} className={buttonVariants()}>
              {tw('signIn')}
            </Link>
          </div>
        )}
      </div>
    </Section>
  );
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { useAuth } from '@/hooks/use-auth';
import { FormAlert } from '@/components/ui/form-alert';
import { usePathname } from '@/lib/i18n/navigation';
import { localeCookie, localizePath, type Locale } from '@/lib/i18n/routing';
import { parseResearchFields, PROFILE_LIMITS, profileSchema, readProfile, type Profile } from '../profile';
import { AvatarPicker } from './avatar-picker';
import { SectionLoading, SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';

type Style = { id: string; name: string };

/** Name, affiliation, research fields, citation style and language, kept in the account's user metadata. */
export function ProfileForm({ styles }: { styles: Style[] }) {
  const t = useTranslations('settings.profile');
  const { user, loaded } = useAuth();
  const locale = useLocale() as Locale;
  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-profile">
      {!loaded || !user ? (
        <SectionLoading label={t('loading')} />
      ) : (
        <div className="grid gap-6">
          <AvatarPicker />
          <ProfileFields
            key={user.id}
            initial={readProfile(
              user.user_metadata,
              locale,
              styles.map((style) => style.id),
            )}
            styles={styles}
          />
        </div>
      )}
    </SettingsSection>
  );
}

function ProfileFields({ initial, styles }: { initial: Profile; styles: Style[] }) {
  const t = useTranslations('settings.profile');
  const l = useTranslations('locale');
  const v = useTranslations('validation');
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const { supabase } = useAuth();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [name, setName] = useState(initial.full_name);
  const [affiliation, setAffiliation] = useState(initial.affiliation);
  const [fields, setFields] = useState(initial.research_fields.join(', '));
  const [style, setStyle] = useState(initial.citation_style);
  const [language, setLanguage] = useState<Locale>(initial.locale);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'saved' } | { kind: 'error'; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supabase) return;
    setResult(null);
    const parsed = profileSchema(styles.map((option) => option.id)).safeParse({
      full_name: name,
      affiliation,
      research_fields: parseResearchFields(fields),
      citation_style: style,
      locale: language,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= v.has(issue.message as 'invalid') ? v(issue.message as 'invalid') : v('invalid');
      return setIssues(next);
    }
    setIssues({});
    setPending(true);
    const { error } = await supabase.auth.updateUser({ data: parsed.data });
    setPending(false);
    if (error) return setResult({ kind: 'error', message: toMessage(error).message });
    setFields(parsed.data.research_fields.join(', '));
    if (parsed.data.locale !== locale) {
      // The preferred language is also the interface's: open this page in it.
      document.cookie = `${localeCookie.name}=${parsed.data.locale}; path=/; max-age=${localeCookie.maxAge}; samesite=lax`;
      window.location.assign(localizePath(pathname, parsed.data.locale));
      return;
    }
    setResult({ kind: 'saved' });
  }

  return (
    <form onSubmit={submit} method="post" noValidate className="grid gap-4" data-testid="profile-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('name')} error={issues.full_name}>
          <Input
            name="full_name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={PROFILE_LIMITS.name}
            autoComplete="name"
            data-testid="profile-name"
          />
        </Field>
        <Field label={t('affiliation')} error={issues.affiliation}>
          <Input
            name="affiliation"
            value={affiliation}
            onChange={(e) => setAffiliation(e.target.value)}
            maxLength={PROFILE_LIMITS.affiliation}
            autoComplete="organization"
            data-testid="profile-affiliation"
          />
        </Field>
      </div>
      <Field label={t('fields')} hint={t('fieldsHint', { max: PROFILE_LIMITS.fields })} error={issues.research_fields}>
        <Input name="research_fields" value={fields} onChange={(e) => setFields(e.target.value)} data-testid="profile-fields" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('citationStyle')} hint={t('citationStyleHint')} error={issues.citation_style}>
          <select name="citation_style" className={inputClasses} value={style} onChange={(e) => setStyle(e.target.value)} data-testid="profile-style">
            {styles.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('language')} hint={t('languageHint')} error={issues.locale}>
          <select
            name="locale"
            className={inputClasses}
            value={language}
            onChange={(e) => setLanguage(e.target.value as Locale)}
            data-testid="profile-language"
          >
            <option value="en" lang="en">
              {l('en')}
            </option>
            <option value="zh" lang="zh-CN">
              {l('zh')}
            </option>
          </select>
        </Field>
      </div>
      {result?.kind === 'error' ? <FormAlert>{result.message}</FormAlert> : null}
      {result?.kind === 'saved' ? <FormAlert kind="success" title={t('saved')} testId="profile-saved" /> : null}
      <div>
        <Button type="submit" disabled={pending} data-testid="profile-save">
          {pending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

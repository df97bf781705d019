'use client';

import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { themeOptions } from '@/components/layout/theme-options';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/utils';
import { SettingsSection } from '@/components/ui/settings-section';

/** Colour mode as radio buttons (the same choice as the switch in the top bar, kept in this browser). */
export function Appearance() {
  const t = useTranslations('settings.appearance');
  const th = useTranslations('theme');
  const { theme, setTheme } = useTheme();
  const mounted = useHydrated();
  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-appearance">
      <fieldset className="grid gap-2">
        <legend className="sr-only">{th('label')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {themeOptions.map(({ value, Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                mounted && theme === value ? 'border-primary bg-accent text-accent-foreground' : 'border-border',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={mounted && theme === value}
                onChange={() => setTheme(value)}
                className="sr-only"
                data-testid={`appearance-${value}`}
              />
              <Icon className="size-4" aria-hidden />
              {th(value)}
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}

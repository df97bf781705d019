'use client';

import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { Button } from '@/components/ui/button';
import { useMenuButton } from '@/components/ui/use-menu-button';
import { useHydrated } from '@/hooks/use-hydrated';
import { themeOptions } from './theme-options';

/** Light, dark or system, as a small menu button (see useMenuButton: arrows move, Enter or Space chooses, Escape closes). */
export function ThemeSwitch() {
  const t = useTranslations('theme');
  const { theme, setTheme, resolvedTheme, forcedTheme } = useTheme();
  const mounted = useHydrated();
  const { open, close, root, itemRef, buttonProps, menuProps } = useMenuButton();
  const Icon = !mounted ? Monitor : resolvedTheme === 'dark' ? Moon : Sun;

  return (
    <div ref={root} className="relative">
      <Button variant="ghost" size="icon" aria-label={t('label')} {...buttonProps} disabled={Boolean(forcedTheme)} data-testid="theme-switch">
        <Icon aria-hidden />
      </Button>
      {open ? (
        <div
          {...menuProps}
          aria-label={t('label')}
          className="absolute top-full right-0 z-50 mt-1.5 min-w-36 rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
        >
          {themeOptions.map(({ value, Icon: OptionIcon }, index) => (
            <button
              key={value}
              ref={itemRef(index)}
              type="button"
              role="menuitemradio"
              aria-checked={mounted && theme === value}
              tabIndex={-1}
              onClick={() => {
                setTheme(value);
                close();
              }}
              data-testid={`theme-${value}`}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground"
            >
              <OptionIcon className="size-4" aria-hidden />
              <span className="flex-1">{t(value)}</span>
              {mounted && theme === value ? <Check className="size-4" aria-hidden /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

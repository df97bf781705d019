'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';

const options = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
] as const;

const subscribeNever = () => () => {};

/** Light, dark or system. The stored choice is only known in the browser, so the icon waits for it. */
export function ThemeSwitch() {
  const t = useTranslations('theme');
  const { theme, setTheme, resolvedTheme, forcedTheme } = useTheme();
  const mounted = useSyncExternalStore(subscribeNever, () => true, () => false);
  const Icon = !mounted ? Monitor : resolvedTheme === 'dark' ? Moon : Sun;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild disabled={Boolean(forcedTheme)}>
        <Button variant="ghost" size="icon" aria-label={t('label')} data-testid="theme-switch">
          <Icon aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.RadioGroup value={mounted ? theme : undefined} onValueChange={setTheme}>
            {options.map(({ value, Icon: OptionIcon }) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                data-testid={`theme-${value}`}
                className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
              >
                <OptionIcon className="size-4" aria-hidden />
                <span className="flex-1">{t(value)}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

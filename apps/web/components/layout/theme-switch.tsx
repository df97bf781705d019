'use client';

import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';

const options = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
] as const;

const subscribeNever = () => () => {};

/**
 * Light, dark or system, as a small menu button (WAI-ARIA menu pattern: arrows move, Enter or Space
 * chooses, Escape closes). Written out rather than taken from a menu library: every public page
 * carries it, and a positioning engine would cost more bytes than the whole page's own code.
 */
export function ThemeSwitch() {
  const t = useTranslations('theme');
  const { theme, setTheme, resolvedTheme, forcedTheme } = useTheme();
  const mounted = useSyncExternalStore(subscribeNever, () => true, () => false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const Icon = !mounted ? Monitor : resolvedTheme === 'dark' ? Moon : Sun;

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) root.current?.querySelector<HTMLButtonElement>('[aria-haspopup]')?.focus();
  }

  function onMenuKey(event: React.KeyboardEvent) {
    const index = items.current.findIndex((item) => item === document.activeElement);
    const move = (to: number) => items.current[(to + options.length) % options.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(options.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') return close(event.key === 'Escape');
    else return;
    event.preventDefault();
  }

  return (
    <div ref={root} className="relative">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={Boolean(forcedTheme)}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        data-testid="theme-switch"
      >
        <Icon aria-hidden />
      </Button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('label')}
          onKeyDown={onMenuKey}
          className="absolute top-full right-0 z-50 mt-1.5 min-w-36 rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
        >
          {options.map(({ value, Icon: OptionIcon }, index) => (
            <button
              key={value}
              ref={(element) => {
                items.current[index] = element;
              }}
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

'use client';

import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { ToasterHost } from '@/components/ui/toaster-host';
import '@/lib/zod-browser';

/**
 * A layout may force a colour mode for everything under it. Only `light` and `dark` can be forced:
 * forcing `system` would just hide the user's choice, so the type refuses it.
 */
export type ForcedTheme = 'light' | 'dark';

export function SiteProviders({ children, forcedTheme }: { children: ReactNode; forcedTheme?: ForcedTheme }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange forcedTheme={forcedTheme}>
      {children}
      <ToasterHost />
    </ThemeProvider>
  );
}

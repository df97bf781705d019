import { BookMarked } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { headerLinks } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import { HeaderAccount } from './header-account';
import { LocaleSwitch } from './locale-switch';
import { MobileNav } from './mobile-nav';
import { NavLink } from './nav-link';
import { ThemeSwitch } from './theme-switch';

export async function SiteHeader() {
  const t = await getTranslations('nav');
  const tc = await getTranslations('common');
  const links = headerLinks.map((link) => ({ ...link, label: t(link.key as 'scholar') }));

  return (
    <header className="sticky top-0 z-30 border-b border-border/60 bg-background/80 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <NavLink href="/" className="flex items-center gap-2 font-semibold" aria-label={tc('home')}>
          <BookMarked className="size-5 text-primary" aria-hidden />
          <span>{siteConfig.name}</span>
        </NavLink>
        <nav aria-label={t('main')} className="hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.key}>
                <NavLink href={link.href} className="rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <LocaleSwitch className="hidden sm:flex" />
          <ThemeSwitch />
          <HeaderAccount variant="bar" />
          <MobileNav>
            <ul className="grid gap-1 pt-2">
              {links.map((link) => (
                <li key={link.key}>
                  <NavLink href={link.href} className="block rounded-md px-3 py-2 hover:bg-accent">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <LocaleSwitch className="mt-3 px-1 sm:hidden" />
            <div className="mt-4 grid grid-cols-2 gap-2">
              <HeaderAccount variant="menu" />
            </div>
          </MobileNav>
        </div>
      </div>
    </header>
  );
}

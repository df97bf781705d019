import type { AiApp } from './ai-apps';

/**
 * The signed-in sidebar: sections of links, unprefixed (localised by the Link component). Labels are message
 * keys. Later capabilities (the AI tools, notes, settings, billing) add
 * their items and sections here as their pages arrive.
 */
export type DashboardIcon = 'layout-dashboard' | 'library' | AiApp['icon'];
export type DashboardNavItem = { id: string; href: string; icon: DashboardIcon; label: string; exact?: boolean };
export type DashboardNavSection = { id: string; label: string | null; items: DashboardNavItem[] };

export const dashboardNav: DashboardNavSection[] = [
  {
    id: 'main',
    label: null,
    items: [
      { id: 'overview', href: '/dashboard', icon: 'layout-dashboard', label: 'dashboard.nav.overview', exact: true },
      { id: 'research', href: '/ai/research', icon: 'search-check', label: 'dashboard.nav.research' },
      { id: 'library', href: '/dashboard/library', icon: 'library', label: 'dashboard.nav.library' },
    ],
  },
];

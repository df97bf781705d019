import { aiAppHref, availableAiApps, type AiApp } from './ai-apps';

/**
 * The signed-in sidebar: sections of links, unprefixed (localised by the Link component). Labels are message
 * keys. The AI section lists the AI tools that have pages (config/ai-apps.ts decides), the page that tries them
 * all in place, and the usage page.
 */
export type DashboardIcon =
  'layout-dashboard' | 'library' | 'notebook-pen' | 'folder' | 'flask-conical' | 'gauge' | 'settings' | 'users' | 'scroll-text' | AiApp['icon'];
export type DashboardNavItem = { id: string; href: string; icon: DashboardIcon; label: string; exact?: boolean };
export type DashboardNavSection = { id: string; label: string | null; items: DashboardNavItem[] };

export const dashboardNav: DashboardNavSection[] = [
  {
    id: 'main',
    label: null,
    items: [
      { id: 'overview', href: '/dashboard', icon: 'layout-dashboard', label: 'dashboard.nav.overview', exact: true },
      { id: 'library', href: '/dashboard/library', icon: 'library', label: 'dashboard.nav.library' },
      { id: 'notes', href: '/dashboard/demo/notes', icon: 'notebook-pen', label: 'dashboard.nav.notes' },
      { id: 'files', href: '/dashboard/demo/storage', icon: 'folder', label: 'dashboard.nav.files' },
    ],
  },
  {
    id: 'ai',
    label: 'dashboard.nav.aiTools',
    items: [
      ...availableAiApps().map((app) => ({ id: app.id, href: aiAppHref(app), icon: app.icon, label: `aiApps.${app.id}.title` })),
      { id: 'ai-demo', href: '/dashboard/ai/demo', icon: 'flask-conical', label: 'dashboard.nav.aiDemo' },
      { id: 'ai-usage', href: '/dashboard/ai/tokens', icon: 'gauge', label: 'dashboard.nav.aiUsage' },
    ],
  },
  {
    id: 'account',
    label: null,
    // Billing is one of the settings pages (config/settings-nav.ts).
    items: [{ id: 'settings', href: '/dashboard/settings', icon: 'settings', label: 'settings.title' }],
  },
];

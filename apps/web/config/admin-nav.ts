import type { DashboardNavSection } from './dashboard-nav';

/** The admin area's sidebar (same frame as the dashboard). Labels are message keys. */
export const adminNav: DashboardNavSection[] = [
  {
    id: 'admin',
    label: 'admin.nav.section',
    items: [
      { id: 'overview', href: '/admin', icon: 'layout-dashboard', label: 'admin.nav.overview', exact: true },
      { id: 'users', href: '/admin/users', icon: 'users', label: 'admin.nav.users' },
      { id: 'audit', href: '/admin/audit', icon: 'scroll-text', label: 'admin.nav.audit' },
    ],
  },
  {
    id: 'back',
    label: null,
    items: [{ id: 'dashboard', href: '/dashboard', icon: 'layout-dashboard', label: 'admin.nav.dashboard', exact: true }],
  },
];

import type { DashboardNavSection } from './dashboard-nav';

/** The admin area's sidebar (same frame as the dashboard). Labels are message keys. */
export const adminNav: DashboardNavSection[] = [
  {
    id: 'admin',
    label: 'admin.nav.section',
    items: [
      { id: 'users', href: '/admin', icon: 'users', label: 'admin.nav.users', exact: true },
      { id: 'audit', href: '/admin/audit', icon: 'scroll-text', label: 'admin.nav.audit' },
    ],
  },
  {
    id: 'back',
    label: null,
    items: [{ id: 'dashboard', href: '/dashboard', icon: 'layout-dashboard', label: 'admin.nav.dashboard', exact: true }],
  },
];

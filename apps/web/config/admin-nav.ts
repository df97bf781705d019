import type { DashboardNavSection } from './dashboard-nav';

const back: DashboardNavSection = {
  id: 'back',
  label: null,
  items: [{ id: 'dashboard', href: '/dashboard', icon: 'layout-dashboard', label: 'admin.nav.dashboard', exact: true }],
};

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
  back,
];

/**
 * The sidebar while an admin still has to set up a second factor (ADMIN_REQUIRE_MFA): every admin page shows the
 * 'set up two-step first' screen then, so the sidebar leads where that is done and back, not to pages it cannot open.
 */
export const adminEnrolNav: DashboardNavSection[] = [
  {
    id: 'admin',
    label: 'admin.nav.section',
    items: [{ id: 'security', href: '/dashboard/settings/security', icon: 'settings', label: 'admin.nav.enrol' }],
  },
  back,
];

/**
 * The account settings' own navigation (`/dashboard/settings/*`), in order. Labels are message keys.
 */
export type SettingsNavItem = { id: string; href: string; label: string; exact?: boolean };

export const settingsNav: readonly SettingsNavItem[] = [
  { id: 'profile', href: '/dashboard/settings', label: 'settings.nav.profile', exact: true },
  { id: 'account', href: '/dashboard/settings/account', label: 'settings.nav.account' },
  { id: 'security', href: '/dashboard/settings/security', label: 'settings.nav.security' },
  { id: 'billing', href: '/dashboard/settings/billing', label: 'dashboard.nav.billing' },
  { id: 'team', href: '/dashboard/settings/team', label: 'team.nav' },
  { id: 'data', href: '/dashboard/settings/data', label: 'settings.nav.data' },
];

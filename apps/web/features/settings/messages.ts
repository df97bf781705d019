import { dashboardMessages } from '@/features/dashboard/messages';

/** The settings tabs' client components (profile, security, language and theme), inside the dashboard. */
export const settingsMessages = [...dashboardMessages, 'settings'] as const;

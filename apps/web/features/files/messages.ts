import { dashboardMessages } from '@/features/dashboard/messages';

/** The files page's client components, inside the dashboard. */
export const filesMessages = [...dashboardMessages, 'files'] as const;

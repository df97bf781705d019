import { dashboardMessages } from '@/features/dashboard/messages';

/** The admin area's client components, in the dashboard's frame. */
export const adminMessages = [...dashboardMessages, 'admin'] as const;

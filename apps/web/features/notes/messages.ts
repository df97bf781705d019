import { dashboardMessages } from '@/features/dashboard/messages';

/** The notes page's client components, inside the dashboard. */
export const notesMessages = [...dashboardMessages, 'notes'] as const;

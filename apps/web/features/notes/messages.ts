import { dashboardMessages } from '@/features/dashboard/messages';

/** The notes page's client components, inside the dashboard (with the writing tools' names, for their menu). */
export const notesMessages = [...dashboardMessages, 'notes', 'aiApps'] as const;

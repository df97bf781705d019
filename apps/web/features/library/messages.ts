import { dashboardMessages } from '@/features/dashboard/messages';

/** `LibraryApp`, inside the dashboard: papers (with the research page's paper components), collections and files. */
export const libraryMessages = [...dashboardMessages, 'research', 'library', 'files'] as const;

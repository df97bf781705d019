import { perUser } from '@/lib/user-rate-limit';

// Autosave writes about once a second while someone types, in each open tab.
export const notesRead = perUser('notes-read', 240);
export const notesWrite = perUser('notes-write', 300);
export const notesCite = perUser('notes-cite', 120);

import { chatThreadMessages } from '@/features/ai/messages';

/** `ResearchTabs`: search, check and the Ask tab (the AI chat thread). */
export const researchMessages = ['research', 'validation', ...chatThreadMessages] as const;

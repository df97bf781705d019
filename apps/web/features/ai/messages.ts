import { dashboardMessages } from '@/features/dashboard/messages';
import { paperMessages } from '@/features/papers/messages';

// The namespaces each AI tool's client components read in the browser, named after the tool's root component.

/** The cost box of every AI surface (`components/run-cost.tsx`). */
const runCostMessages = ['aiCost'] as const;

/** The chat thread, its composer, attachments and steps: the chat apps and the research page's Ask tab. */
export const chatThreadMessages = [...runCostMessages, 'aiChat', 'aiChatMore'] as const;

/** `ChatApp`: a chat app's page, with its inputs form and the papers its answers cite. */
export const chatAppMessages = [...chatThreadMessages, 'aiInputs', 'aiWorkflow', 'research'] as const;

/** `CompletionApp`: the writing tools. */
export const completionAppMessages = [...runCostMessages, 'aiWriting', 'aiInputs', 'aiErrors', 'validation'] as const;

/** `WorkflowApp`: the literature review, its steps, the papers of its references and the collection it may review. */
export const workflowAppMessages = [
  ...runCostMessages,
  'aiWorkflow',
  'aiInputs',
  'aiErrors',
  'aiChat.library',
  'aiChat.errors',
  'validation',
  ...paperMessages,
] as const;

/** `AiDemo`: every tool above in one page of the dashboard. */
export const aiDemoMessages = [...dashboardMessages, ...chatAppMessages, ...completionAppMessages, ...workflowAppMessages] as const;

/** The usage page's table and chart. */
export const aiUsageMessages = ['dashboard', 'aiApps'] as const;

import 'server-only';
import { aiApps } from '@/config/ai-apps';
import { aiPlatform } from '@/lib/platform/services';
import { remoteDifyUrl, resolveAiApp } from './ai-upstream';
import { deleteConversation, listConversations, listMessages } from './dify-conversations';
import { difyUser } from './dify-user';

type Row = Record<string, unknown>;

/**
 * The data export's `ai` section: the user's conversations with their messages, the texts of the writing tools
 * (completion messages), workflow runs with their steps, and the files they attached (names, sizes, types; the
 * bytes are not exported). Rows keep the runtime's own field names (Dify's, snake_case), so a field added to the
 * runtime is exported without a change here; a table this code does not know is exported under `other`.
 *
 * With a Dify server (DIFY_API_URL), its API lists only conversations and their messages: the rest is not
 * available to export, and the section says so.
 */
export async function exportAiData(userId: string) {
  const endUser = difyUser(userId);
  if (remoteDifyUrl())
    return { runtime: 'dify' as const, conversations: await remoteConversations(endUser), notExported: ['completions', 'workflowRuns', 'files'] };
  const {
    conversations = [],
    messages = [],
    workflow_runs: runs = [],
    workflow_node_executions: steps = [],
    files = [],
    ...other
  } = await (await aiPlatform()).exportEndUser(endUser);
  return {
    runtime: 'embedded' as const,
    conversations: conversations.map((conversation) => ({
      ...conversation,
      messages: messages.filter((message) => message.conversation_id === conversation.id),
    })),
    completions: messages.filter((message) => message.conversation_id === null || message.conversation_id === undefined),
    workflowRuns: runs.map((run) => ({ ...run, steps: steps.filter((step) => step.run_id === run.id) })),
    files,
    ...(Object.keys(other).length ? { other } : {}),
  };
}

/**
 * Deletes everything the AI runtime keeps for the user; safe to run again. The embedded runtime deletes every row
 * of its schema kept for them (conversations, messages, runs, steps, files). A Dify server is asked, app by app,
 * to delete each of their conversations (`DELETE /conversations/{id}`, which takes the messages with it); its API
 * offers no way to delete completion messages, workflow runs or uploaded files, which stay there.
 */
export async function deleteAiData(userId: string): Promise<Record<string, number>> {
  const endUser = difyUser(userId);
  if (!remoteDifyUrl()) return (await aiPlatform()).deleteEndUser(endUser);
  let deleted = 0;
  for (const app of conversationalApps()) {
    const upstream = await resolveAiApp(app.id);
    if (!upstream) continue;
    for (const conversation of await listConversations(upstream, endUser)) {
      await deleteConversation(upstream, endUser, String(conversation.id));
      deleted++;
    }
  }
  return { conversations: deleted };
}

/** The apps that keep conversations (Dify's chat modes). */
const conversationalApps = () => aiApps.filter((app) => app.kind === 'chat' || app.kind === 'research');

async function remoteConversations(endUser: string): Promise<Row[]> {
  const out: Row[] = [];
  for (const app of conversationalApps()) {
    const upstream = await resolveAiApp(app.id);
    if (!upstream) continue;
    for (const conversation of await listConversations(upstream, endUser)) {
      out.push({ ...conversation, app_id: app.id, messages: await listMessages(upstream, endUser, String(conversation.id)) });
    }
  }
  return out;
}

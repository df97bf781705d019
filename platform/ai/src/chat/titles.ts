// Conversation titles (Dify's auto-generated names) and follow-up question suggestions.
import type { AppDefinition } from '../apps/types';
import type { AiContext } from '../context';
import { completeText } from '../llm/model-client';
import { renameConversation } from '../store/conversations';

const TITLE_LENGTH = 40;

/** The first line of a text, cut at a word near `max` characters. */
export function shorten(text: string, max = TITLE_LENGTH): string {
  const line = text
    .trim()
    .split('\n')[0]!
    .replace(/^["'“”#*\s]+|["'“”*\s]+$/g, '');
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The title in a model's answer: models often label it (`Title: …`, `**标题：**…`) or quote it although the prompt
 * asks for the title only, so a leading label and surrounding quotes are dropped.
 */
export function cleanTitle(answer: string): string {
  const line =
    answer
      .trim()
      .split('\n')
      .find((candidate) => candidate.trim()) ?? '';
  return line
    .replace(/^[\s*_#>]*(?:conversation\s+title|title|标题|題目|题目|对话标题)\s*[:：]\s*[*_]*\s*/i, '')
    .replace(/^[\s"'“”‘’「」《》*_]+|[\s"'“”‘’「」《》*_。.]+$/g, '');
}

/** A title from the model when one is configured, else the question itself, shortened. */
export async function titleFor(ctx: AiContext, app: AppDefinition, query: string): Promise<string> {
  const model = ctx.config.modelFor(app.id);
  if (model) {
    try {
      const title = await completeText(
        model,
        [
          {
            role: 'system',
            content:
              'Give a short title (at most 8 words, in the language of the text) for a conversation that starts with the text. ' +
              'Answer with the title itself only: no label such as "Title:", no quotes, no final period.',
          },
          { role: 'user', content: query.slice(0, 2000) },
        ],
        { signal: AbortSignal.timeout(ctx.config.LLM_TIMEOUT_MS), timeoutMs: ctx.config.LLM_TIMEOUT_MS, maxTokens: 32 },
      );
      const cleaned = cleanTitle(title);
      if (cleaned) return shorten(cleaned);
    } catch (error) {
      console.warn('[ai] conversation title from the model failed; using the question:', error instanceof Error ? error.message : error);
    }
  }
  return shorten(query) || 'New conversation';
}

export async function generateTitle(ctx: AiContext, app: AppDefinition, conversationId: string, query: string) {
  await renameConversation(ctx.db, conversationId, await titleFor(ctx, app, query));
}

/** Three follow-up questions; none (not an error) when the model fails, as in Dify. */
export async function suggestQuestions(ctx: AiContext, app: AppDefinition, query: string, answer: string): Promise<string[]> {
  const model = ctx.config.modelFor(app.id);
  if (!model) return [];
  try {
    const text = await completeText(
      model,
      [
        {
          role: 'system',
          content: 'Suggest three short follow-up questions the user may ask next, one per line, in the language of the conversation. No numbering.',
        },
        { role: 'user', content: `Question: ${query.slice(0, 2000)}\n\nAnswer: ${answer.slice(0, 4000)}` },
      ],
      { signal: AbortSignal.timeout(ctx.config.LLM_TIMEOUT_MS), timeoutMs: ctx.config.LLM_TIMEOUT_MS, maxTokens: 200 },
    );
    return text
      .split('\n')
      .map((line) => line.replace(/^\s*(\d+[.)]|[-*•])\s*/, '').trim())
      .filter(Boolean)
      .slice(0, 3);
  } catch {
    return [];
  }
}

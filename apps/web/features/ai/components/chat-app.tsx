'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { difyApi } from '../client/dify-api';
import type { AiError } from '../client/dify-error';
import type { AppParameters } from '@/features/ai/types';
import { attachmentRules } from '../attachments/attachment-rules';
import { useAttachments } from '../attachments/use-attachments';
import type { ChatMessage, Page } from '@/features/ai/types';
import { useChat } from '../hooks/use-chat';
import { useConversations } from '../hooks/use-conversations';
import { conversationPath, useConversationUrl } from '../hooks/use-conversation-url';
import { useBottomClearance } from '../hooks/use-bottom-clearance';
import { ChatError } from './chat-error';
import { ChatTurn } from './chat-turn';
import { Composer } from './composer';
import { QuotaBlocked, quotaExhausted, RunCost, useAiUsage } from './run-cost';
import { useLibraryCollections } from '../hooks/use-library-collections';
import type { ChatDraft } from '../estimate-chat';
import { EarlierMessages } from './earlier-messages';
import { ConversationList } from './conversation-list';
import { formFields, InputsForm, missingInputs } from './inputs-form';

type Props = {
  appId: string;
  /** The page's address without a conversation; a conversation's is `{basePath}/{id}`. Absent: the address is left alone (an embedded demo). */
  basePath?: string;
  /** The conversation the address named, with its latest messages as the server read them. */
  initial?: { conversationId: string; page: Page<ChatMessage> } | null;
  /** The cost of the next message and what is left (the dashboard's demo shows its own above the app). */
  showCost?: boolean;
  /** Every change of what the next message would be (its inputs, question and conversation), for a cost shown elsewhere. */
  onDraft?: (inputs: Record<string, string>, draft: Omit<ChatDraft, 'inputs'>) => void;
};

const textInputs = (inputs: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(inputs ?? {}).map(([k, v]) => [k, String(v ?? '')]));

/**
 * A chat app of config/ai-apps.ts: conversations beside the thread, answers streamed with their sources. The open
 * conversation is in the address, so a reload or a shared link (same account) shows it again.
 */
export function ChatApp({ appId, basePath, initial = null, showCost = true, onDraft }: Props) {
  const t = useTranslations('aiChat');
  const locale = useLocale();
  const api = useMemo(() => difyApi(appId, locale), [appId, locale]);
  const [params, setParams] = useState<AppParameters | null>(null);
  const [paramsError, setParamsError] = useState<AiError | null>(null);
  // A conversation keeps the inputs it started with; every message carries them.
  const [inputs, setInputs] = useState<Record<string, string>>(() => textInputs(initial?.page.data[0]?.inputs));
  const list = useConversations(api);
  const { reload } = list;
  const onConversationChanged = useCallback(() => void reload(), [reload]);
  const chat = useChat({ appId, api, locale, suggestAfterAnswer: Boolean(params?.suggested_questions_after_answer?.enabled), onConversationChanged, initial });
  const [openFailed, setOpenFailed] = useState(false);
  const fields = useMemo(() => formFields(params?.user_input_form ?? []), [params]);
  const rules = useMemo(() => attachmentRules(params), [params]);
  const attachments = useAttachments(api, rules);
  const last = chat.turns.at(-1);
  // The next message's cost: its question as typed, the conversation the runtime sends with it, and the papers of a
  // chosen collection; Send is off once the month's messages are used up (the proxy refuses it too).
  const [question, setQuestion] = useState('');
  const usage = useAiUsage(`${chat.turns.length}-${chat.busy}`);
  const collections = useLibraryCollections(Boolean(inputs.library_collection));
  const history = useMemo(() => chat.turns.map((turn) => ({ query: turn.query, answer: turn.answer })), [chat.turns]);
  const collectionPapers = collections.data?.find((c) => c.id === inputs.library_collection)?.paperCount;
  const draft = useMemo(
    () => ({ query: question, history, collectionPapers, attachments: attachments.files }),
    [question, history, collectionPapers, attachments.files],
  );
  useEffect(() => onDraft?.(inputs, draft), [inputs, draft, onDraft]);
  const exhausted = quotaExhausted(usage);

  useEffect(() => {
    api.parameters().then(setParams, setParamsError);
  }, [api]);

  // An opened conversation shows its latest turns; older ones load on scrolling up.
  const thread = useRef<HTMLOListElement>(null);
  // The question box sticks to the bottom of the window: whatever is scrolled or tabbed to stays above it.
  const composer = useRef<HTMLDivElement>(null);
  useBottomClearance(composer);
  const [opened, setOpened] = useState(initial ? 1 : 0);
  useEffect(() => {
    if (opened) thread.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [opened]);

  const { open: openConversation } = chat;
  const open = useCallback(
    async (id: string | null) => {
      try {
        const messages = await openConversation(id);
        setInputs(textInputs(messages[0]?.inputs));
        setOpenFailed(false);
        setOpened((n) => n + 1);
      } catch {
        setOpenFailed(true);
      }
    },
    [openConversation],
  );
  useConversationUrl({ basePath: basePath ?? '', conversationId: chat.conversationId, onNavigate: (id) => void open(id) });
  const remove = async (id: string) => {
    await list.remove(id);
    if (id === chat.conversationId) await chat.open(null);
  };
  const ask = (q: string) => {
    if (!attachments.uploading) void chat.send(q, inputs, attachments.take());
  };
  const blocked = missingInputs(fields, inputs);

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
      <ConversationList
        items={list.items}
        activeId={chat.conversationId}
        hasMore={list.hasMore}
        loading={list.loading}
        disabled={chat.busy}
        onOpen={(id) => void open(id)}
        onLoadMore={() => void list.loadMore()}
        onRename={list.rename}
        onDelete={remove}
        href={basePath === undefined ? undefined : (id) => conversationPath(basePath, id)}
      />
      <section aria-label={t('thread')} className="flex min-w-0 flex-col gap-4">
        {paramsError && <ChatError error={paramsError} />}
        {openFailed && (
          <p role="alert" className="text-sm text-destructive" data-testid="open-failed">
            {t('openFailed')}
          </p>
        )}
        <InputsForm appId={appId} fields={fields} values={inputs} locked={chat.turns.length > 0} onChange={setInputs} />
        {showCost ? <RunCost appId={appId} inputs={inputs} draft={draft} usage={usage} /> : null}
        {chat.turns.length === 0 && params && (
          <div className="space-y-3" data-testid="chat-intro">
            {params.opening_statement && <p className="rounded-lg bg-muted p-3 text-sm">{params.opening_statement}</p>}
            {params.suggested_questions.length > 0 && (
              <div className="flex flex-wrap gap-2">
                {params.suggested_questions.map((q) => (
                  <Button
                    key={q}
                    type="button"
                    size="sm"
                    variant="outline"
                    className="h-auto! max-w-full whitespace-normal! text-left"
                    onClick={() => ask(q)}
                    disabled={blocked || exhausted}
                    data-testid="suggested-question"
                  >
                    {q}
                  </Button>
                ))}
              </div>
            )}
          </div>
        )}
        {chat.hasEarlier && <EarlierMessages loading={chat.earlier.loading} failed={chat.earlier.failed} onLoad={() => void chat.loadEarlier()} />}
        <ol ref={thread} className="space-y-8" data-testid="chat-thread">
          {chat.turns.map((turn) => (
            <ChatTurn
              key={turn.key}
              turn={turn}
              last={turn === last}
              busy={chat.busy}
              onRegenerate={() => chat.regenerate(inputs)}
              onRate={(r) => void chat.rate(turn, r).catch(() => undefined)}
              onAsk={ask}
            />
          ))}
        </ol>
        <p aria-live="polite" className="sr-only" data-testid="chat-status">
          {chat.busy ? t('answering') : last?.status === 'done' ? t('answered') : ''}
        </p>
        {blocked && <p className="text-sm text-muted-foreground">{t('inputsRequired')}</p>}
        <div ref={composer} className="sticky bottom-2 z-10" data-testid="chat-composer">
          <Composer
            busy={chat.busy}
            disabled={blocked || exhausted}
            onSend={ask}
            onStop={chat.stop}
            onTextChange={setQuestion}
            note={<QuotaBlocked usage={usage} />}
            attachments={rules ? attachments : undefined}
          />
        </div>
      </section>
    </div>
  );
}

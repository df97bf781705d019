'use client';

import type { Paper } from '@citewise/scholar';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { attachmentRules } from '@/features/ai/attachments/attachment-rules';
import { useAttachments } from '@/features/ai/attachments/use-attachments';
import { difyApi } from '@/features/ai/client/dify-api';
import type { AppParameters, ChatMessage, Page } from '@/features/ai/types';
import { ConversationList } from '@/features/ai/components/conversation-list';
import { EarlierMessages } from '@/features/ai/components/earlier-messages';
import { useChat } from '@/features/ai/hooks/use-chat';
import { useConversations } from '@/features/ai/hooks/use-conversations';
import { conversationPath, useConversationUrl } from '@/features/ai/hooks/use-conversation-url';
import { ASK_APP } from '@/features/ai/ask-limits';
import type { StyleOption } from '@/features/papers/types';
import { AskForm } from './ask-form';
import { AskTurn } from './ask-turn';
import { PaperPanel } from '@/features/papers/components/paper-panel';
import { SaveButton } from '@/features/papers/components/save-button';
import { QuotaBlocked, quotaExhausted, RunCost, useAiUsage } from '@/features/ai/components/run-cost';
import { useLibraryCollections } from '@/features/ai/hooks/use-library-collections';
import { usePanelShowing } from '@/hooks/use-panel-showing';

type Props = {
  styles: StyleOption[];
  /** Ask's address without a conversation; a conversation's is `{basePath}/{id}`. */
  basePath: string;
  /** The conversation the address named, with its latest messages as the server read them. */
  initial: { conversationId: string; page: Page<ChatMessage> } | null;
};

const searchesLibrary = (messages: ChatMessage[]) => messages[0]?.inputs?.search_library === 'yes';
const collectionOf = (messages: ChatMessage[]) => String(messages[0]?.inputs?.library_collection ?? '');
/** A conversation's inputs: a collection alone, or the literature with or without the library. */
const askInputs = (searchLibrary: boolean, collection: string): Record<string, string> =>
  collection ? { library_collection: collection } : searchLibrary ? { search_library: 'yes' } : {};

/**
 * "Ask": questions to the research assistant, answered from retrieved papers, each marker linked to its source. A
 * question and its follow-ups are one conversation of the assistant, kept in the address; the earlier questions
 * are listed beside it (below it on a phone) and open as they were shown.
 */
export function AskView({ styles, basePath, initial }: Props) {
  // Only while the Ask tab shows is the address Ask's.
  const active = usePanelShowing();
  const t = useTranslations('research.ask');
  const locale = useLocale();
  const api = useMemo(() => difyApi(ASK_APP, locale), [locale]);
  const history = useConversations(api);
  const { reload } = history;
  const onConversationChanged = useCallback(() => void reload(), [reload]);
  const chat = useChat({ appId: ASK_APP, api, locale, suggestAfterAnswer: false, onConversationChanged, initial });
  // A conversation searches the library or not from its first question on (the runtime keeps its inputs).
  const [searchLibrary, setSearchLibrary] = useState(() => searchesLibrary(initial?.page.data ?? []));
  const [collection, setCollection] = useState(() => collectionOf(initial?.page.data ?? []));
  const [openFailed, setOpenFailed] = useState(false);
  const [paper, setPaper] = useState<Paper | null>(null);
  // Files go with a question when the installation's model reads them (the app's /parameters say which).
  const [params, setParams] = useState<AppParameters | null>(null);
  useEffect(() => {
    api.parameters().then(setParams, () => setParams(null));
  }, [api]);
  const rules = useMemo(() => attachmentRules(params), [params]);
  const attachments = useAttachments(api, rules);

  const { open: openConversation } = chat;
  const open = useCallback(
    async (id: string | null) => {
      try {
        const messages = await openConversation(id);
        if (id) {
          setSearchLibrary(searchesLibrary(messages));
          setCollection(collectionOf(messages));
        }
        setOpenFailed(false);
      } catch {
        setOpenFailed(true);
      }
    },
    [openConversation],
  );
  useConversationUrl({ basePath, conversationId: chat.conversationId, onNavigate: (id) => void open(id), active });

  const last = chat.turns.at(-1);
  // The next question's cost: as typed, with the conversation the runtime sends along and the sources it retrieves.
  const [question, setQuestion] = useState('');
  const usage = useAiUsage(`${chat.turns.length}-${chat.busy}`);
  const collections = useLibraryCollections(Boolean(collection));
  const collectionPapers = collections.data?.find((c) => c.id === collection)?.paperCount;
  const draft = useMemo(
    () => ({
      query: question,
      history: chat.turns.map((turn) => ({ query: turn.query, answer: turn.answer })),
      collectionPapers,
      attachments: attachments.files,
    }),
    [question, chat.turns, collectionPapers, attachments.files],
  );
  const retry = () => chat.regenerate(askInputs(searchLibrary, collection));

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <section aria-labelledby="ask-history-title" className="order-last grid min-w-0 grid-cols-1 content-start gap-2 lg:order-first" data-testid="ask-history">
        <h2 id="ask-history-title" className="text-sm font-semibold">
          {t('history.title')}
        </h2>
        <ConversationList
          items={history.items}
          activeId={chat.conversationId}
          hasMore={history.hasMore}
          loading={history.loading}
          disabled={chat.busy}
          onOpen={(id) => void open(id)}
          onLoadMore={() => void history.loadMore()}
          onRename={history.rename}
          onDelete={async (id) => {
            await history.remove(id);
            if (id === chat.conversationId) await open(null);
          }}
          namespace="research.ask.history"
          href={(id) => conversationPath(basePath, id)}
        />
      </section>
      <div className="grid min-w-0 content-start gap-6">
        {openFailed ? (
          <p role="alert" className="text-sm text-destructive" data-testid="ask-open-failed">
            {t('openFailed')}
          </p>
        ) : null}
        {chat.hasEarlier ? <EarlierMessages loading={chat.earlier.loading} failed={chat.earlier.failed} onLoad={() => void chat.loadEarlier()} /> : null}
        {chat.turns.length > 0 ? (
          <ol className="grid gap-6" data-testid="ask-thread">
            {chat.turns.map((turn) => (
              <AskTurn key={turn.key} turn={turn} styles={styles} onOpen={setPaper} onRetry={turn === last && !chat.busy ? retry : undefined} />
            ))}
          </ol>
        ) : null}
        <AskForm
          followUp={chat.turns.length > 0}
          busy={chat.busy}
          searchLibrary={searchLibrary}
          onSearchLibrary={setSearchLibrary}
          collection={collection}
          onCollection={setCollection}
          attachments={rules ? attachments : undefined}
          onAsk={(asked) => void chat.send(asked, askInputs(searchLibrary, collection), attachments.take())}
          onQuestionChange={setQuestion}
          disabled={quotaExhausted(usage)}
          note={<QuotaBlocked usage={usage} />}
          onStop={chat.stop}
          onNew={() =>
            void open(null).then(() => {
              setSearchLibrary(false);
              setCollection('');
            })
          }
        />
        <RunCost appId={ASK_APP} inputs={askInputs(searchLibrary, collection)} draft={draft} usage={usage} />
      </div>
      <PaperPanel paper={paper} styles={styles} onClose={() => setPaper(null)} testId="ask-paper-panel">
        {paper ? <SaveButton key={paper.id} paper={paper} /> : null}
      </PaperPanel>
    </div>
  );
}

'use client';

import { Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Conversation } from '@/features/ai/types';

type Props = {
  items: Conversation[];
  activeId: string | null;
  hasMore: boolean;
  loading: boolean;
  disabled: boolean;
  onOpen: (id: string | null) => void;
  onLoadMore: () => void;
  onRename: (id: string, name: string | { autoGenerate: true }) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  /**
   * Where its words are: the chat's conversations by default; Ask lists the same conversations as the user's
   * questions (`research.ask.history`, the same keys).
   */
  namespace?: 'aiChat.conversations' | 'research.ask.history';
  /** Each conversation's address, so it opens in a new tab too; opening it here still goes through onOpen. */
  href?: (id: string) => string;
};

const openClasses = 'min-w-0 flex-1 truncate rounded-md px-2 py-2 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring';

/** The user's conversations with this app: open, rename (by hand or by the model), delete after confirming. */
export function ConversationList({
  items,
  activeId,
  hasMore,
  loading,
  disabled,
  onOpen,
  onLoadMore,
  onRename,
  onDelete,
  namespace = 'aiChat.conversations',
  href,
}: Props) {
  const t = useTranslations(namespace as 'aiChat.conversations');
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const act = (work: Promise<void>) =>
    work.then(
      () => setFailed(false),
      () => setFailed(true),
    );

  return (
    <nav aria-label={t('label')} className="space-y-2" data-testid="conversation-list">
      <Button type="button" variant="outline" className="w-full" onClick={() => onOpen(null)} disabled={disabled} data-testid="new-chat">
        <Plus aria-hidden />
        {t('new')}
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {t('failed')}
        </p>
      )}
      <ul className="space-y-1">
        {items.map((c) => (
          <li key={c.id} data-testid="conversation" data-id={c.id} className={cn('rounded-md', c.id === activeId && 'bg-accent')}>
            {editing === c.id ? (
              <form
                className="flex gap-1 p-1"
                onSubmit={(e) => {
                  e.preventDefault();
                  const name = String(new FormData(e.currentTarget).get('name') ?? '').trim();
                  setEditing(null);
                  if (name) void act(onRename(c.id, name));
                }}
              >
                <label htmlFor={`rename-${c.id}`} className="sr-only">
                  {t('name')}
                </label>
                <input
                  id={`rename-${c.id}`}
                  name="name"
                  defaultValue={c.name}
                  autoFocus
                  maxLength={200}
                  className="min-w-0 flex-1 rounded border bg-background px-2 text-base"
                  data-testid="rename-input"
                  onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                />
                <Button type="submit" size="sm" data-testid="rename-save">
                  {t('save')}
                </Button>
              </form>
            ) : confirming === c.id ? (
              <div className="flex flex-wrap items-center gap-1 p-1 text-sm" role="group" aria-label={t('confirmDelete', { name: c.name })}>
                <span className="flex-1">{t('confirmDelete', { name: c.name })}</span>
                <Button
                  type="button"
                  size="sm"
                  autoFocus
                  className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
                  onClick={() => (setConfirming(null), void act(onDelete(c.id)))}
                  data-testid="delete-confirm"
                >
                  {t('delete')}
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                  {t('cancel')}
                </Button>
              </div>
            ) : (
              <div className="flex items-center">
                {href ? (
                  // A link: it opens in a new tab or is copied like any address; a plain click opens it here.
                  <a
                    href={href(c.id)}
                    className={cn(openClasses, disabled && 'pointer-events-none opacity-50')}
                    aria-current={c.id === activeId ? 'page' : undefined}
                    aria-disabled={disabled || undefined}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
                      e.preventDefault();
                      if (!disabled) onOpen(c.id);
                    }}
                    data-testid="conversation-open"
                  >
                    {c.name}
                  </a>
                ) : (
                  <button
                    type="button"
                    className={cn(openClasses, 'disabled:opacity-50')}
                    aria-current={c.id === activeId ? 'true' : undefined}
                    onClick={() => onOpen(c.id)}
                    disabled={disabled}
                    data-testid="conversation-open"
                  >
                    {c.name}
                  </button>
                )}
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  onClick={() => void act(onRename(c.id, { autoGenerate: true }))}
                  aria-label={t('autoName', { name: c.name })}
                  data-testid="rename-auto"
                >
                  <Sparkles aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  onClick={() => setEditing(c.id)}
                  aria-label={t('rename', { name: c.name })}
                  data-testid="rename"
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  onClick={() => setConfirming(c.id)}
                  aria-label={t('deleteNamed', { name: c.name })}
                  data-testid="delete"
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {!loading && items.length === 0 && <p className="px-2 text-sm text-muted-foreground">{t('empty')}</p>}
      {hasMore && (
        <Button type="button" variant="ghost" className="w-full" onClick={onLoadMore} disabled={loading} data-testid="load-more">
          {t('more')}
        </Button>
      )}
    </nav>
  );
}

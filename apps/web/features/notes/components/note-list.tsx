'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { clsx } from 'clsx';
import type { NoteSummary } from '../types';

/** The notes as a list of buttons; the open one is marked current. */
export function NoteList({ notes, selectedId, onSelect }: { notes: NoteSummary[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const t = useTranslations('notes');
  const format = useFormatter();
  return (
    <ul className="grid gap-2" aria-label={t('list.label')} data-testid="note-list">
      {notes.map((note) => (
        <li key={note.id}>
          <button
            type="button"
            onClick={() => onSelect(note.id)}
            aria-current={note.id === selectedId ? 'true' : undefined}
            className={clsx(
              'grid w-full gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring',
              note.id === selectedId ? 'border-primary bg-muted/60' : 'border-border',
            )}
            data-testid="note-list-item"
          >
            <span className="line-clamp-1 font-medium">{note.title || t('untitled')}</span>
            {note.excerpt ? <span className="line-clamp-2 text-sm text-muted-foreground">{note.excerpt}</span> : null}
            <span className="flex flex-wrap gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <span>{t('list.updated', { date: format.dateTime(new Date(note.updatedAt), { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
              {note.paperCount ? <span>{t('list.papers', { count: note.paperCount })}</span> : null}
              {note.tags.map((tag) => (
                <span key={tag} className="rounded bg-muted px-1.5 text-foreground">
                  {tag}
                </span>
              ))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

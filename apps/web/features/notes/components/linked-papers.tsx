'use client';

import { Link2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import type { NotePaper } from '../types';

/** The papers a note is about, each with a page or passage, and a way to link another or unlink one. */
export function LinkedPapers({ papers, onChange, onAdd }: { papers: NotePaper[]; onChange: (papers: NotePaper[]) => void; onAdd: () => void }) {
  const t = useTranslations('notes.papers');
  return (
    <section className="grid gap-3 rounded-lg border border-border p-3" aria-labelledby="note-papers-heading" data-testid="note-papers">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="note-papers-heading" className="text-sm font-semibold">
          {t('heading')}
        </h2>
        <Button type="button" variant="outline" size="sm" onClick={onAdd} data-testid="note-link-paper">
          <Link2 aria-hidden />
          {t('add')}
        </Button>
      </div>
      {papers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {papers.map((paper) => (
            <li key={paper.libraryPaperId} className="grid gap-1.5" data-testid="note-paper">
              <div className="flex items-start justify-between gap-2">
                <p className="text-sm">
                  <span className="font-medium">{paper.title}</span>
                  {paper.year ? <span className="text-muted-foreground"> ({paper.year})</span> : null}{' '}
                  <code className="text-xs text-muted-foreground">@{paper.key}</code>
                </p>
                <button
                  type="button"
                  onClick={() => onChange(papers.filter((p) => p.libraryPaperId !== paper.libraryPaperId))}
                  className="shrink-0 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={t('unlink', { title: paper.title })}
                >
                  <X aria-hidden className="size-4" />
                </button>
              </div>
              <input
                value={paper.locator}
                onChange={(event) => onChange(papers.map((p) => (p.libraryPaperId === paper.libraryPaperId ? { ...p, locator: event.target.value } : p)))}
                maxLength={500}
                placeholder={t('locatorPlaceholder')}
                aria-label={t('locatorLabel', { title: paper.title })}
                className={`${inputClasses} h-9`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

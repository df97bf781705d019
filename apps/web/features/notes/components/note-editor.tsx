'use client';

import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Download, Quote, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { CitationStyleSelect } from '@/features/papers/components/citation-style-select';

import { parseTags } from '@/lib/tags';

import { useErrorText } from '@/hooks/use-error-message';
import type { StyleOption } from '@/features/papers/types';
import { toast } from '@/hooks/use-toast';
import { MAX_NOTE_CHARS, MAX_TITLE_CHARS } from '../limits';
import { useAutosave } from '../client/use-autosave';
import { useCitationStyle } from '../client/use-citation-style';
import type { CitablePaper, Note } from '../types';
import { CitationPicker, type PickerMode } from './citation-picker';
import { LinkedPapers } from './linked-papers';
import { NotePreview } from './note-preview';
import { SaveStatusLine } from './save-status';
import { useApi } from '@/lib/api/use-api';
import { paragraphAt, sendToTool } from '@/lib/handoff/note-to-tool';
import { useRouter } from '@/lib/i18n/navigation';
import { NoteToolsMenu } from './note-tools-menu';

type Props = { note: Note; userId: string; styles: StyleOption[]; onSaved: (note: Note) => void; onDeleted: () => void; onBack: () => void };

/** One note: title, tags, Markdown text with a live preview, linked papers; saved as one types. */
export function NoteEditor({ note, userId, styles, onSaved, onDeleted, onBack }: Props) {
  const t = useTranslations('notes');
  const api = useApi();
  const errorText = useErrorText();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const autosave = useAutosave(note, userId, onSaved);
  const { draft, saver } = autosave;
  const update = (change: Parameters<typeof saver.update>[0]) => saver.update(change);
  const [tagText, setTagText] = useState(draft.tags.join(', '));
  const [picker, setPicker] = useState<PickerMode | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [style, setStyle] = useCitationStyle(styles);
  const router = useRouter();

  const remove = useMutation({
    mutationFn: () => api.fetch(`/api/notes/${note.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast({ title: t('editor.deleted'), variant: 'success' });
      onDeleted();
    },
    onError: (error) => toast({ title: t('editor.deleteFailed'), description: errorText(error), variant: 'destructive' }),
  });
  const exportNote = useMutation({
    mutationFn: async () => {
      await saver.save();
      await api.download(`/api/notes/${note.id}/export`, { style });
    },
    onError: (error) => toast({ title: t('editor.exportFailed'), description: errorText(error), variant: 'destructive' }),
  });

  function pick(paper: CitablePaper) {
    const linked = draft.papers.some((p) => p.libraryPaperId === paper.libraryPaperId);
    const papers = linked
      ? draft.papers
      : [...draft.papers, { libraryPaperId: paper.libraryPaperId, key: paper.key, title: paper.title, year: paper.year, locator: '' }];
    if (picker === 'link') return update({ papers });
    const element = textarea.current;
    const start = element?.selectionStart ?? draft.body.length;
    const end = element?.selectionEnd ?? start;
    const marker = `[@${paper.key}]`;
    update({ body: draft.body.slice(0, start) + marker + draft.body.slice(end), papers });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + marker.length, start + marker.length);
    });
  }

  /** Sends the selection, or the paragraph at the cursor, to a writing tool, once the note is saved. */
  async function openTool(appId: string) {
    const element = textarea.current;
    const start = element?.selectionStart ?? 0;
    const end = element?.selectionEnd ?? start;
    const selected = draft.body.slice(start, end);
    const sent = selected.trim() ? { text: selected, start, end } : paragraphAt(draft.body, start);
    if (!sent) {
      toast({ title: t('editor.toolsNeedText') });
      return element?.focus();
    }
    await saver.save();
    sendToTool(sessionStorage, { noteId: note.id, title: draft.title, ...sent });
    router.push(`/ai/completion/${appId}?note=${note.id}`);
  }

  const tabButton = (value: 'write' | 'preview') => (
    <button
      type="button"
      aria-pressed={tab === value}
      onClick={() => setTab(value)}
      className="rounded-md px-3 py-1.5 text-sm font-medium aria-pressed:bg-muted aria-pressed:text-foreground text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {t(`editor.${value}`)}
    </button>
  );

  return (
    <div className="grid gap-4" data-testid="note-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onBack} className="lg:hidden">
          <ArrowLeft aria-hidden />
          {t('editor.back')}
        </Button>
        <SaveStatusLine status={autosave.status} error={autosave.error} onRetry={() => void saver.save()} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => exportNote.mutate()} disabled={exportNote.isPending} data-testid="note-export">
            <Download aria-hidden />
            {t('editor.export')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              if (window.confirm(t('editor.deleteConfirm'))) remove.mutate();
            }}
            disabled={remove.isPending}
            data-testid="note-delete"
          >
            <Trash2 aria-hidden />
            {t('editor.delete')}
          </Button>
        </div>
      </div>

      {autosave.conflict ? (
        <div role="alert" className="grid gap-2 rounded-lg border border-amber-500/60 bg-amber-500/10 p-3 text-sm" data-testid="note-conflict">
          <p className="font-medium">{t('conflict.title')}</p>
          <p className="text-muted-foreground">{t('conflict.body')}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={() => void saver.keepMine()} data-testid="note-keep-mine">
              {t('conflict.keepMine')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => saver.loadTheirs()} data-testid="note-load-theirs">
              {t('conflict.loadTheirs')}
            </Button>
          </div>
        </div>
      ) : autosave.restored ? (
        <p className="rounded-lg border border-border bg-muted/50 p-3 text-sm" data-testid="note-restored">
          {t('editor.restored')}
        </p>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1.5 text-sm">
          <span className="font-medium">{t('editor.titleLabel')}</span>
          <input
            value={draft.title}
            onChange={(event) => update({ title: event.target.value })}
            maxLength={MAX_TITLE_CHARS}
            placeholder={t('untitled')}
            className={inputClasses}
            data-testid="note-title"
          />
        </label>
        <label className="grid gap-1.5 text-sm">
          <span className="font-medium">{t('editor.tagsLabel')}</span>
          <input
            value={tagText}
            onChange={(event) => {
              setTagText(event.target.value);
              update({ tags: parseTags(event.target.value) });
            }}
            aria-describedby={`${id}-tags-hint`}
            className={inputClasses}
            data-testid="note-tags"
          />
          <span id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
            {t('editor.tagsHint')}
          </span>
        </label>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-1 lg:hidden" role="group" aria-label={t('editor.label')}>
          {tabButton('write')}
          {tabButton('preview')}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setPicker('cite')} data-testid="note-cite">
            <Quote aria-hidden />
            {t('editor.cite')}
          </Button>
          <NoteToolsMenu onPick={(appId) => void openTool(appId)} />
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t('editor.style')}</span>
            <CitationStyleSelect styles={styles} value={style} onChange={setStyle} className="max-w-[14rem]" testId="note-style" />
          </label>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <label className={`grid content-start gap-1.5 text-sm ${tab === 'write' ? '' : 'max-lg:hidden'}`}>
          <span className="font-medium">{t('editor.bodyLabel')}</span>
          <textarea
            ref={textarea}
            value={draft.body}
            onChange={(event) => update({ body: event.target.value })}
            maxLength={MAX_NOTE_CHARS}
            rows={18}
            placeholder={t('editor.bodyPlaceholder')}
            className={`${inputClasses} h-auto min-h-[18rem] resize-y font-mono leading-relaxed`}
            data-testid="note-body"
          />
        </label>
        <div className={`min-w-0 rounded-lg border border-border p-4 ${tab === 'preview' ? '' : 'max-lg:hidden'}`}>
          <NotePreview body={draft.body} style={style} />
        </div>
      </div>

      <LinkedPapers papers={draft.papers} onChange={(papers) => update({ papers })} onAdd={() => setPicker('link')} />

      {picker ? <CitationPicker mode={picker} linkedIds={draft.papers.map((p) => p.libraryPaperId)} onPick={pick} onClose={() => setPicker(null)} /> : null}
    </div>
  );
}

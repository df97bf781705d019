'use client';

import { ChevronLeft, ChevronRight, Download, ExternalLink, Search, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { usePdfDocument } from './use-pdf-document';
import { PdfFindBar } from './pdf-find-bar';
import { PdfPageNumber } from './pdf-page-number';
import { PdfPages, type PdfPagesHandle } from './pdf-pages';
import { usePdfFindState } from './use-pdf-find-state';

/** A PDF to read in the page: the name a person gave it and a signed link to its bytes. */
export type PdfTarget = { name: string; url: string };

const ZOOMS = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * Reads a PDF inside the page, in a modal <dialog>: pdf.js draws the pages from the storage service's signed link
 * (no frame of the file, whose responses stay sandboxed and unframeable), one under the other, scrolled through
 * continuously. Escape or Close shut it and focus goes back to what opened it; ←/→ (and Page Up/Down) go to the
 * previous or next page, the page number goes to any page, and Ctrl+F (⌘F) finds text in the whole PDF.
 */
export function PdfViewer({ file, onClose }: { file: PdfTarget | null; onClose: () => void }) {
  const t = useTranslations('files.viewer');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const state = usePdfDocument(file?.url ?? null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(new Set());
  const [pageFailed, setPageFailed] = useState(false);
  const pages = state.status === 'ready' ? state.doc.numPages : 0;
  const scroller = useRef<HTMLDivElement>(null);
  const pageList = useRef<PdfPagesHandle>(null);
  const findInput = useRef<HTMLInputElement>(null);
  const find = usePdfFindState(state.status === 'ready' ? state.doc : null, pageList);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (file && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPage(1);
      setZoom(1);
      setDrawn(new Set());
      setPageFailed(false);
      find.close();
      element.showModal();
    }
    if (!file && element.open) element.close();
    // find.close is a new function each render; only a new file resets the reader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  const closed = () => {
    onClose();
    // The browser returns focus too; an opener inside another dialog (a library paper) needs it said explicitly.
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) requestAnimationFrame(() => back.focus());
  };

  const goTo = (target: number) => pageList.current?.scrollToPage(Math.min(Math.max(1, target), Math.max(1, pages)));
  const turn = (by: number) => goTo(page + by);
  const onFailed = useCallback(() => setPageFailed(true), []);
  const labelOf = useCallback((n: number) => t('pageImage', { page: n, pages, name: file?.name ?? '' }), [t, pages, file?.name]);
  const openFind = () => {
    find.setOpen(true);
    requestAnimationFrame(() => {
      findInput.current?.focus();
      findInput.current?.select();
    });
  };
  const closeFind = () => {
    find.close();
    scroller.current?.focus();
  };

  const keys = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      if (pages) openFind();
      return;
    }
    if ((event.target as HTMLElement).closest('input, textarea, select')) return;
    if (event.key === 'ArrowRight' || event.key === 'PageDown') turn(1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') turn(-1);
    else return;
    event.preventDefault();
  };

  const zoomAt = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  const failed = state.status === 'failed' || pageFailed;

  return (
    <dialog
      ref={dialog}
      onClose={(event) => event.target === event.currentTarget && closed()}
      onKeyDown={keys}
      aria-labelledby={titleId}
      className="fixed inset-0 m-auto flex h-dvh max-h-dvh w-full max-w-4xl flex-col border border-border bg-card p-0 text-foreground shadow-xl backdrop:bg-black/60 sm:h-[92dvh] sm:rounded-xl [&:not([open])]:hidden"
      data-testid="pdf-viewer"
      data-rendered-page={drawn.has(page) ? page : undefined}
    >
      {file ? (
        <>
          <header className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2 sm:px-4">
            <h2 id={titleId} className="min-w-0 flex-1 truncate font-semibold" data-testid="pdf-viewer-title">
              {file.name}
            </h2>
            {/* On a phone the controls take a row of their own under the name; Close stays beside the name. */}
            <div className="order-3 flex basis-full flex-wrap items-center justify-center gap-0.5 sm:order-2 sm:basis-auto sm:gap-1">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                onClick={() => turn(-1)}
                disabled={page <= 1 || !pages}
                aria-label={t('previous')}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <PdfPageNumber page={page} pages={pages} onGoTo={goTo} />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                onClick={() => turn(1)}
                disabled={page >= pages}
                aria-label={t('next')}
                data-testid="pdf-viewer-next"
              >
                <ChevronRight aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                onClick={() => setZoom(ZOOMS[zoomAt - 1]!)}
                disabled={zoomAt <= 0}
                aria-label={t('zoomOut')}
              >
                <ZoomOut aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                onClick={() => setZoom(ZOOMS[zoomAt + 1]!)}
                disabled={zoomAt >= ZOOMS.length - 1}
                aria-label={t('zoomIn')}
              >
                <ZoomIn aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                onClick={openFind}
                disabled={!pages}
                aria-label={t('findOpen')}
                aria-expanded={find.open}
                data-testid="pdf-find-open"
              >
                <Search aria-hidden />
              </Button>
              <Button asChild variant="ghost" size="sm" className="h-8 px-2">
                <a href={file.url} target="_blank" rel="noopener noreferrer" aria-label={t('newTab', { name: file.name })}>
                  <ExternalLink aria-hidden />
                </a>
              </Button>
              <Button asChild variant="ghost" size="sm" className="h-8 px-2">
                <a href={`${file.url}&download=${encodeURIComponent(file.name)}`} aria-label={t('download', { name: file.name })}>
                  <Download aria-hidden />
                </a>
              </Button>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="order-2 h-8 px-2 sm:order-3"
              onClick={() => dialog.current?.close()}
              aria-label={t('close')}
              data-testid="pdf-viewer-close"
            >
              <X aria-hidden />
            </Button>
          </header>
          {find.open ? (
            <PdfFindBar
              input={findInput}
              query={find.query}
              onQuery={find.setQuery}
              current={find.current}
              total={find.total}
              searching={find.searching}
              onStep={find.step}
              onClose={closeFind}
            />
          ) : null}
          {/* Focusable, so the keyboard scrolls the pages too. */}
          <div
            ref={scroller}
            role="region"
            aria-labelledby={titleId}
            tabIndex={0}
            className="relative min-h-0 flex-1 overflow-auto bg-muted/60 p-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:p-4"
            aria-busy={state.status === 'loading' || !drawn.has(page)}
          >
            {failed ? (
              <div role="alert" className="mx-auto grid max-w-md gap-2 rounded-lg border border-border bg-card p-4 text-sm" data-testid="pdf-viewer-error">
                <p>{t('failed')}</p>
                <a href={file.url} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
                  {t('openInstead')}
                </a>
              </div>
            ) : state.status === 'ready' ? (
              <PdfPages
                doc={state.doc}
                zoom={zoom}
                scroller={scroller}
                handle={pageList}
                labelOf={labelOf}
                highlightsOf={find.highlightsOf}
                onPage={setPage}
                onDrawn={setDrawn}
                onFailed={onFailed}
                onCurrentMark={find.onCurrentMark}
              />
            ) : (
              <p className="p-6 text-center text-sm text-muted-foreground" role="status">
                {t('loading')}
              </p>
            )}
          </div>
        </>
      ) : null}
    </dialog>
  );
}

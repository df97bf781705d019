'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { toast } from '@/hooks/use-toast';
import { isChunkLoadError, reloadOnce } from '@/lib/version/reload';

/** How often an open page asks for the newest build id; it also asks whenever the tab is shown again. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

const currentBuild = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';

/**
 * Notices a new deployment and makes the next in-app navigation a full page load, so the reader
 * moves to the new version between pages rather than in the middle of one. A failed chunk load
 * (old files gone after a deploy) reloads at once, guarded against reload loops.
 */
export function VersionWatcher() {
  const t = useTranslations('version');

  useEffect(() => {
    let stale = false;
    let announced = false;

    async function check() {
      if (stale || document.visibilityState !== 'visible') return;
      try {
        const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
        if (!response.ok) return;
        const { id } = (await response.json()) as { id?: string };
        if (id && id !== currentBuild) markStale();
      } catch {
        // Offline or mid-deploy: the next check will tell.
      }
    }

    function markStale() {
      stale = true;
      document.documentElement.dataset.newVersion = 'true';
      if (announced) return;
      announced = true;
      toast({
        title: t('title'),
        description: t('description'),
        action: { label: t('reload'), altText: t('reload'), onClick: () => window.location.reload() },
      });
    }

    // Runs before Next's own link handler (capture phase), turning the navigation into a page load.
    function onClick(event: MouseEvent) {
      if (!stale || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || anchor.hasAttribute('download')) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.location.assign(url.href);
    }

    function onError(event: ErrorEvent | PromiseRejectionEvent) {
      const reason = 'reason' in event ? event.reason : (event.error ?? event.message);
      if (isChunkLoadError(reason)) reloadOnce(window.sessionStorage, () => window.location.reload());
    }

    const onVisible = () => void check();
    const timer = window.setInterval(check, VERSION_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    document.addEventListener('click', onClick, true);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    void check();
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    };
  }, [t]);

  return null;
}

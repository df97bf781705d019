'use client';

import { Loader2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

type Props = { loading: boolean; failed: boolean; onLoad: () => void };

/**
 * Above the thread when older messages exist: they load when the person scrolls up to here, or with the button
 * (keyboard users, or when observing is not possible). A failure leaves the button to try again.
 */
export function EarlierMessages({ loading, failed, onLoad }: Props) {
  const t = useTranslations('aiChatMore');
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  }, [onLoad]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || failed || typeof IntersectionObserver === 'undefined') return;
    // Loads only once the person scrolls up: the thread opens scrolled to its end, and an opening that shows
    // this at once (a short thread) must not pull in every older page by itself.
    let scrolledUp = false;
    let lastY = window.scrollY;
    const onScroll = () => {
      if (window.scrollY < lastY) scrolledUp = true;
      lastY = window.scrollY;
    };
    const observer = new IntersectionObserver((entries) => {
      if (scrolledUp && entries.some((e) => e.isIntersecting)) load.current();
    });
    window.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(element);
    return () => {
      window.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [failed]);

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-1" data-testid="earlier-messages">
      <Button type="button" size="sm" variant="outline" onClick={onLoad} disabled={loading} data-testid="load-earlier">
        {loading && <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" />}
        {loading ? t('loadingEarlier') : t('earlier')}
      </Button>
      {failed && (
        <p role="alert" className="text-xs text-destructive">
          {t('earlierFailed')}
        </p>
      )}
    </div>
  );
}

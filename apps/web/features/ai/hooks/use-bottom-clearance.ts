'use client';

import { useEffect, type RefObject } from 'react';

/**
 * Keeps what the page scrolls to clear of an element stuck to the bottom of the window (the chat's question box).
 * While it is shown, the page's bottom scroll padding is its height plus `gap`, so that scrollIntoView(), a focus
 * moved by Tab and a followed citation marker land above it instead of under it. The padding follows the box's
 * height (attachments, a grown text area) and goes with the box.
 */
export function useBottomClearance(ref: RefObject<HTMLElement | null>, gap = 16) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(element.getBoundingClientRect().height) + gap}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [ref, gap]);
}

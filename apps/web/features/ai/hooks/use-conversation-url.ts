'use client';

import { useEffect, useRef } from 'react';

type Options = {
  /** The page's address without a conversation, in the page's language (`/zh/ai/chat/paper-chat`); empty: none (an embedded demo), the address is never read or written. */
  basePath: string;
  /** The conversation shown now; null for a new one. */
  conversationId: string | null;
  /** Opens the conversation an address names (Back and Forward); null for a new one. */
  onNavigate: (conversationId: string | null) => void;
  /**
   * Whether the page shows this conversation now (a tab of a page may be hidden): the address is written only then.
   * Back and Forward to one of its addresses are followed either way, since they may be what shows it again.
   */
  active?: boolean;
};

/** The conversation an address names under `basePath`: its id, null for none, undefined for another address. */
export function conversationOfPath(pathname: string, basePath: string): string | null | undefined {
  if (pathname === basePath || pathname === `${basePath}/`) return null;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const rest = pathname.slice(basePath.length + 1).replace(/\/$/, '');
  return rest && !rest.includes('/') ? decodeURIComponent(rest) : undefined;
}

export const conversationPath = (basePath: string, conversationId: string | null) =>
  conversationId ? `${basePath}/${encodeURIComponent(conversationId)}` : basePath;

/**
 * Keeps the open conversation in the address (`{basePath}/{conversationId}`), so that a reload, a bookmark or a
 * link shared with the same account opens it again, and Back and Forward step between conversations. Opening one
 * is a history entry; the address of a conversation that a first question has just created replaces the empty one.
 * The query string (another tab's state) is kept.
 */
export function useConversationUrl({ basePath, conversationId, onNavigate, active = true }: Options) {
  const navigate = useRef(onNavigate);
  const shown = useRef(conversationId);
  useEffect(() => {
    navigate.current = onNavigate;
    shown.current = conversationId;
  }, [onNavigate, conversationId]);

  useEffect(() => {
    if (!active || !basePath) return;
    const shown = conversationOfPath(window.location.pathname, basePath);
    if (shown === conversationId) return;
    const target = `${conversationPath(basePath, conversationId)}${window.location.search}`;
    window.history[shown === null ? 'replaceState' : 'pushState'](null, '', target);
  }, [active, basePath, conversationId]);

  useEffect(() => {
    if (!basePath) return;
    const onPopState = () => {
      const named = conversationOfPath(window.location.pathname, basePath);
      // A jump within the conversation shown (a citation's #anchor fires popstate too) opens nothing again.
      if (named !== undefined && named !== shown.current) navigate.current(named);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [basePath]);
}

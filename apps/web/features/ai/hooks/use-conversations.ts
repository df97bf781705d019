'use client';

import { useCallback, useEffect, useState } from 'react';
import type { DifyApi } from '../client/dify-api';
import type { AiError } from '../client/dify-error';
import type { Conversation } from '@/features/ai/types';

const PAGE = 20;

/** The user's conversations with one app, most recently active first, paged with `last_id`. */
export function useConversations(api: DifyApi) {
  const [items, setItems] = useState<Conversation[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<AiError | null>(null);
  const [loading, setLoading] = useState(true);

  /** Reloads the first page (after a new answer, a rename or a delete), keeping as many rows as were shown. */
  const reload = useCallback(async () => {
    try {
      const page = await api.conversations(undefined, Math.min(100, Math.max(PAGE, items.length)));
      setItems(page.data);
      setHasMore(page.has_more);
      setError(null);
    } catch (e) {
      setError(e as AiError);
    } finally {
      setLoading(false);
    }
  }, [api, items.length]);

  const loadMore = useCallback(async () => {
    const last = items.at(-1);
    if (!last) return;
    setLoading(true);
    try {
      const page = await api.conversations(last.id, PAGE);
      setItems((all) => [...all, ...page.data.filter((c) => !all.some((a) => a.id === c.id))]);
      setHasMore(page.has_more);
    } catch (e) {
      setError(e as AiError);
    } finally {
      setLoading(false);
    }
  }, [api, items]);

  const rename = useCallback(
    async (id: string, name: string | { autoGenerate: true }) => {
      const renamed = await api.rename(id, name);
      setItems((all) => all.map((c) => (c.id === id ? { ...c, name: renamed.name } : c)));
    },
    [api],
  );

  const remove = useCallback(
    async (id: string) => {
      await api.remove(id);
      setItems((all) => all.filter((c) => c.id !== id));
    },
    [api],
  );

  // The first page once, when the page opens.
  useEffect(() => {
    let live = true;
    api.conversations(undefined, PAGE).then(
      (page) => live && (setItems(page.data), setHasMore(page.has_more), setLoading(false)),
      (e: AiError) => live && (setError(e), setLoading(false)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  return { items, hasMore, loading, error, reload, loadMore, rename, remove };
}

'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { useToast } from '@/hooks/use-toast';

/**
 * The toast region and its primitives load with the first toast: most visits never show one, and
 * every public page would otherwise carry their code. Once loaded, the region stays, so F8 keeps
 * reaching it after the toast has gone.
 */
export function ToasterHost() {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const wanted = toasts.length > 0;

  useEffect(() => {
    if (!wanted || Toaster) return;
    let cancelled = false;
    void import('./toaster').then((module) => {
      if (!cancelled) setToaster(() => module.Toaster);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, Toaster]);

  return Toaster ? <Toaster /> : null;
}

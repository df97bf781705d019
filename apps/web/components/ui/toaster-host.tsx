'use client';

import { lazy, Suspense, useState } from 'react';
import { useToast } from '@/hooks/use-toast';

// The toast region and its primitives load with the first toast: most visits never show one, and
// every public page would otherwise carry their code.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

export function ToasterHost() {
  const { toasts } = useToast();
  // Once loaded, the region stays, so F8 keeps reaching it after the toast has gone.
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

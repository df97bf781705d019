'use client';

import { Copy } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, type ComponentProps } from 'react';
import { toast } from '@/hooks/use-toast';

/** A code block from Markdown, with a button that copies its text. */
export function CodeBlock({ children, ...props }: ComponentProps<'pre'>) {
  const t = useTranslations('code');
  const ref = useRef<HTMLPreElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(ref.current?.innerText ?? '');
      toast({ title: t('copied'), variant: 'success' });
    } catch {
      toast({ title: t('copyFailed'), description: t('copyFailedDescription'), variant: 'destructive' });
    }
  }

  return (
    <div className="group relative">
      {/* Long lines scroll inside the block, so it must be reachable by keyboard. */}
      <pre ref={ref} tabIndex={0} {...props}>
        {children}
      </pre>
      <button
        type="button"
        onClick={copy}
        aria-label={t('copy')}
        data-testid="copy-code"
        className="absolute top-2 right-2 rounded-md border border-border bg-card p-1.5 text-muted-foreground opacity-80 hover:text-foreground hover:opacity-100 focus-visible:opacity-100"
      >
        <Copy className="size-4" aria-hidden />
      </button>
    </div>
  );
}

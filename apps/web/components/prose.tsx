import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Typography for rendered Markdown; colours follow the theme's variables (see globals.css). */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'prose max-w-none prose-headings:scroll-mt-20 prose-headings:tracking-tight prose-a:underline-offset-2 prose-code:before:content-none prose-code:after:content-none prose-pre:border prose-pre:border-border',
        className,
      )}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cn } from '@/lib/utils';
import 'katex/dist/katex.min.css';

// Raw HTML in the text is never rendered (no rehype-raw): react-markdown leaves it out. The sanitiser runs
// before KaTeX so that only KaTeX's own markup is added after it; it keeps the math classes remark-math sets.
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./, 'math-inline', 'math-display']],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'math-inline', 'math-display']],
    div: [...(defaultSchema.attributes?.div ?? []), ['className', 'math-display']],
  },
};

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline underline-offset-2">
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
};

export type MarkdownProps = {
  children: string;
  className?: string;
  /** Replaces text nodes, e.g. to turn `[1]` citation markers into links; strings pass through unchanged. */
  renderText?: (text: string) => ReactNode;
};

/** An AI answer as safe Markdown: GFM (tables, lists, strikethrough), code, and TeX maths ($…$, $$…$$). */
export function Markdown({ children, className, renderText }: MarkdownProps) {
  const withText: Components = renderText
    ? {
        ...components,
        p: ({ children: c }) => <p>{mapText(c, renderText)}</p>,
        li: ({ children: c }) => <li>{mapText(c, renderText)}</li>,
        td: ({ children: c }) => <td>{mapText(c, renderText)}</td>,
      }
    : components;
  return (
    <div className={cn('prose prose-sm dark:prose-invert max-w-none break-words', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm, remarkMath]} rehypePlugins={[[rehypeSanitize, schema], rehypeKatex]} components={withText}>
        {children}
      </ReactMarkdown>
    </div>
  );
}

function mapText(children: ReactNode, render: (text: string) => ReactNode): ReactNode {
  if (typeof children === 'string') return render(children);
  if (Array.isArray(children)) return children.map((c, i) => (typeof c === 'string' ? <span key={i}>{render(c)}</span> : c));
  return children;
}

import 'server-only';
import { evaluate } from '@mdx-js/mdx';
import type { ComponentProps } from 'react';
import * as runtime from 'react/jsx-runtime';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from '@/components/code-block';
import { Link } from '@/lib/i18n/navigation';
import { publicPngSize } from './images';

function ContentLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return <Link href={href}>{children}</Link>;
  }
  if (href.startsWith('#'))
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}

function Table(props: ComponentProps<'table'>) {
  return (
    // Wide tables scroll inside their own box instead of widening the page on phones; `relative` keeps
    // positioned content (screen-reader-only text is absolutely positioned) inside that box too.
    <div className="not-prose relative my-6 overflow-x-auto rounded-lg border border-border" tabIndex={0}>
      <table
        className="w-full text-left text-sm [&_td]:border-t [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold"
        {...props}
      />
    </div>
  );
}

/**
 * An image of a page: its size given up front so nothing moves when it loads, never wider than the text nor
 * taller than a screen (a phone screenshot shows at phone scale), loaded when it comes near.
 */
function ContentImage({ src, alt = '', title }: ComponentProps<'img'>) {
  if (typeof src !== 'string') return null;
  const size = publicPngSize(src);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- static screenshots served as they are from public/
    <img
      src={src}
      alt={alt}
      title={title}
      width={size?.width}
      height={size?.height}
      loading="lazy"
      decoding="async"
      className="h-auto max-h-[40rem] w-auto max-w-full rounded-lg border border-border"
    />
  );
}

const components = { a: ContentLink, pre: CodeBlock, table: Table, img: ContentImage };

/**
 * Renders a Markdown body (CommonMark + GFM) on the server. The source is parsed as plain
 * Markdown, not MDX, so braces and angle brackets in prose stay text and raw HTML is dropped.
 */
export async function Markdown({ source }: { source: string }) {
  const { default: Content } = await evaluate(source, {
    ...runtime,
    format: 'md',
    remarkPlugins: [remarkGfm],
    rehypePlugins: [rehypeSlug],
  });
  return <Content components={components} />;
}

import { z } from 'zod';

/** A YAML date (parsed by gray-matter into a Date) or a `YYYY-MM-DD` string, kept as `YYYY-MM-DD`. */
const day = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)])
  .transform((value) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10)));

export const docFrontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
});

export const blogFrontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: day,
  author: z.string().min(1),
  tags: z.array(z.string().regex(/^[a-z0-9-]+$/, 'tags are lowercase kebab-case')).min(1),
});

export const changelogFrontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: day,
});

export const legalFrontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  updated: day,
});

export const frontMatterSchemas = {
  docs: docFrontMatter,
  blog: blogFrontMatter,
  changelog: changelogFrontMatter,
  legal: legalFrontMatter,
} as const;

export type ContentKind = keyof typeof frontMatterSchemas;
export type FrontMatter<K extends ContentKind> = z.infer<(typeof frontMatterSchemas)[K]>;

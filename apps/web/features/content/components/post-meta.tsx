import { getTranslations } from 'next-intl/server';
import { formatDay } from '../format-date';

export async function PostMeta({ date, author, minutes, locale }: { date: string; author: string; minutes: number; locale: string }) {
  const t = await getTranslations('blog');
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <time dateTime={date}>{formatDay(date, locale)}</time>
      <span aria-hidden>·</span>
      <span>{t('by', { author })}</span>
      <span aria-hidden>·</span>
      <span>{t('readingTime', { minutes })}</span>
    </p>
  );
}

export function TagList({ tags, label }: { tags: string[]; label: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground">
          {tag}
        </li>
      ))}
    </ul>
  );
}

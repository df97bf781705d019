import 'server-only';
import type { CitationStyleId } from '@citewise/scholar';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/lib/i18n/routing';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { groupId, markerGroups, replaceCitationMarkers } from '../citation-markers';
import { citableLibrary } from './citable-library';
import { getNoteOrThrow } from './get-note-or-throw';
import { formatNoteCitations } from './render-citations';
import { en, zh } from '@/messages';

export type ExportedNote = { filename: string; text: string };

/**
 * A note as a Markdown file: its title as heading, its text with each `[@key]` marker replaced by the in-text
 * citation in `style`, and the bibliography of the cited papers under a References heading. A marker with a
 * key that is not in the library stays as typed.
 */
export async function exportNote(claims: UserClaims, id: string, style: CitationStyleId, locale: Locale): Promise<ExportedNote> {
  const note = await getNoteOrThrow(claims, id);
  const groups = markerGroups(note.body);
  const library = groups.length ? await withUserDb(claims, (db) => citableLibrary(db)) : null;
  const rendered = library ? formatNoteCitations(library, groups, style) : null;
  const byGroup = new Map(groups.map((keys, i) => [groupId(keys), rendered?.citations[i] ?? null]));
  const body = replaceCitationMarkers(note.body, (keys) => byGroup.get(groupId(keys)) ?? null);
  const t = createTranslator({ locale, messages: locale === 'zh' ? zh : en, namespace: 'notes' });
  const parts = [`# ${note.title || t('untitled')}`, body.trim()];
  if (rendered?.bibliography.length) parts.push(`## ${t('preview.references')}`, rendered.bibliography.map((entry) => entry.text).join('\n\n'));
  return { filename: fileName(note.title), text: `${parts.filter(Boolean).join('\n\n')}\n` };
}

/** A file name from the title: its ASCII letters and digits, else a generic name. */
function fileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${slug || 'citewise-note'}.md`;
}

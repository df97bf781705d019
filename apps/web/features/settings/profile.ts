import { z } from 'zod';
import { routing, type Locale } from '@/lib/i18n/routing';

/**
 * The profile a researcher keeps in their account's user metadata (`user_metadata` in Supabase Auth), written
 * by the browser with `auth.updateUser({ data })`. `full_name` is the key Supabase and OAuth providers use for
 * a person's name, and `locale` the one the auth service reads for the language of its mails.
 */
export const PROFILE_LIMITS = { name: 80, affiliation: 160, field: 60, fields: 12 } as const;

const text = (max: number) => z.string().trim().max(max, 'too_long');

/**
 * The profile's rules. The citation styles are the ones the product offers (`CITATION_STYLE_IDS` of
 * @citewise/scholar), handed in by the page: that package is server code, and this runs in the browser too.
 */
export function profileSchema(styleIds: readonly string[]) {
  return z.object({
    full_name: text(PROFILE_LIMITS.name),
    affiliation: text(PROFILE_LIMITS.affiliation),
    research_fields: z.array(text(PROFILE_LIMITS.field).min(1, 'required')).max(PROFILE_LIMITS.fields, 'too_many_fields'),
    citation_style: z.string().refine((id) => styleIds.includes(id), 'invalid'),
    locale: z.enum(routing.locales, 'invalid'),
  });
}

export type Profile = { full_name: string; affiliation: string; research_fields: string[]; citation_style: string; locale: Locale };

/** Research fields as typed in one box: separated by commas (either script) or semicolons, de-duplicated. */
export function parseResearchFields(value: string): string[] {
  const seen = new Set<string>();
  const fields: string[] = [];
  for (const part of value.split(/[,，;；、\n]/)) {
    const field = part.trim().replace(/\s+/g, ' ');
    if (!field || seen.has(field.toLowerCase())) continue;
    seen.add(field.toLowerCase());
    fields.push(field);
  }
  return fields;
}

/** The profile in a user's metadata, with defaults for what was never saved and anything malformed. */
export function readProfile(metadata: Record<string, unknown> | null | undefined, fallbackLocale: Locale, styleIds: readonly string[]): Profile {
  const m = metadata ?? {};
  const str = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
  const name = str(m.full_name, PROFILE_LIMITS.name) || str(m.name, PROFILE_LIMITS.name);
  const fields = Array.isArray(m.research_fields)
    ? m.research_fields
        .filter((field): field is string => typeof field === 'string' && field.trim() !== '')
        .map((field) => field.trim().slice(0, PROFILE_LIMITS.field))
    : [];
  const style = typeof m.citation_style === 'string' && styleIds.includes(m.citation_style) ? m.citation_style : 'apa';
  const locale =
    typeof m.locale === 'string' && m.locale.toLowerCase().startsWith('zh')
      ? 'zh'
      : typeof m.locale === 'string' && m.locale.toLowerCase().startsWith('en')
        ? 'en'
        : fallbackLocale;
  return {
    full_name: name,
    affiliation: str(m.affiliation, PROFILE_LIMITS.affiliation),
    research_fields: fields.slice(0, PROFILE_LIMITS.fields),
    citation_style: style,
    locale,
  };
}

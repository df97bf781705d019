// The product's messages: the shared namespaces of this folder and each feature's own (features/<area>/messages.*.json),
// merged into one tree per language. A feature owns the namespaces its components read; a namespace has one owner
// (messages.test.ts checks it), so merging never overwrites.
import adminEn from '@/features/admin/messages.en.json';
import adminZh from '@/features/admin/messages.zh.json';
import aiEn from '@/features/ai/messages.en.json';
import aiZh from '@/features/ai/messages.zh.json';
import authEn from '@/features/auth/messages.en.json';
import authZh from '@/features/auth/messages.zh.json';
import billingEn from '@/features/billing/messages.en.json';
import billingZh from '@/features/billing/messages.zh.json';
import contentEn from '@/features/content/messages.en.json';
import contentZh from '@/features/content/messages.zh.json';
import dashboardEn from '@/features/dashboard/messages.en.json';
import dashboardZh from '@/features/dashboard/messages.zh.json';
import filesEn from '@/features/files/messages.en.json';
import filesZh from '@/features/files/messages.zh.json';
import libraryEn from '@/features/library/messages.en.json';
import libraryZh from '@/features/library/messages.zh.json';
import marketingEn from '@/features/marketing/messages.en.json';
import marketingZh from '@/features/marketing/messages.zh.json';
import notesEn from '@/features/notes/messages.en.json';
import notesZh from '@/features/notes/messages.zh.json';
import pricingEn from '@/features/pricing/messages.en.json';
import pricingZh from '@/features/pricing/messages.zh.json';
import researchEn from '@/features/research/messages.en.json';
import researchZh from '@/features/research/messages.zh.json';
import settingsEn from '@/features/settings/messages.en.json';
import settingsZh from '@/features/settings/messages.zh.json';
import teamEn from '@/features/team/messages.en.json';
import teamZh from '@/features/team/messages.zh.json';
import sharedEn from './en.json';
import sharedZh from './zh.json';

/** Each owner's messages in both languages: this folder's shared namespaces, then one entry per feature. */
export const messageSources = {
  shared: { en: sharedEn, zh: sharedZh },
  admin: { en: adminEn, zh: adminZh },
  ai: { en: aiEn, zh: aiZh },
  auth: { en: authEn, zh: authZh },
  billing: { en: billingEn, zh: billingZh },
  content: { en: contentEn, zh: contentZh },
  dashboard: { en: dashboardEn, zh: dashboardZh },
  files: { en: filesEn, zh: filesZh },
  library: { en: libraryEn, zh: libraryZh },
  marketing: { en: marketingEn, zh: marketingZh },
  notes: { en: notesEn, zh: notesZh },
  pricing: { en: pricingEn, zh: pricingZh },
  research: { en: researchEn, zh: researchZh },
  settings: { en: settingsEn, zh: settingsZh },
  team: { en: teamEn, zh: teamZh },
};

type Sources = typeof messageSources;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/** Every namespace of every owner, as the English files spell them (the Chinese ones have the same keys). */
export type Messages = UnionToIntersection<Sources[keyof Sources]['en']>;

function merge(locale: 'en' | 'zh'): Messages {
  return Object.assign({}, ...Object.values(messageSources).map((source) => source[locale])) as Messages;
}

export const en: Messages = merge('en');
export const zh: Messages = merge('zh');

/** The messages of a language of the site. */
export function messagesFor(locale: string): Messages {
  return locale === 'zh' ? zh : en;
}

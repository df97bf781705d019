/**
 * The AI tools of Citewise. The public directory (/ai) lists them and the AI pages resolve their
 * app id here. Titles and descriptions are message keys under `aiApps.<id>`.
 */
export type AiAppKind = 'chat' | 'completion' | 'workflow' | 'research';

export type AiApp = {
  id: string;
  kind: AiAppKind;
  /** A lucide icon name, resolved by the directory page. */
  icon: 'search-check' | 'messages-square' | 'route' | 'pen-line' | 'languages' | 'list-checks' | 'file-text';
};

export const aiApps = [
  { id: 'research', kind: 'research', icon: 'search-check' },
  { id: 'paper-chat', kind: 'chat', icon: 'messages-square' },
  // A chatflow (Dify's advanced-chat): a chat app whose answers show their steps.
  { id: 'cited-answer', kind: 'chat', icon: 'route' },
  { id: 'academic-polish', kind: 'completion', icon: 'pen-line' },
  { id: 'abstract-writer', kind: 'completion', icon: 'file-text' },
  { id: 'academic-translate', kind: 'completion', icon: 'languages' },
  { id: 'literature-review', kind: 'workflow', icon: 'list-checks' },
] as const satisfies readonly AiApp[];

export type AiAppId = (typeof aiApps)[number]['id'];

export const aiAppKinds: readonly AiAppKind[] = ['research', 'chat', 'completion', 'workflow'];

/**
 * The kinds whose pages exist in `app/` today: the one switch that decides which apps the public directory,
 * the dashboard's navigation and its home offer. A kind joins this list in the same change that adds its page;
 * `ai-apps-routes.test.ts` fails when a listed kind has no page, or when a page exists for a kind left out.
 */
export const aiKindsWithPages: readonly AiAppKind[] = ['research', 'chat', 'completion', 'workflow'];

/** The apps a user can open now, in directory order. */
export function availableAiApps(): AiApp[] {
  return aiApps.filter((app) => aiKindsWithPages.includes(app.kind));
}

/** Where an app opens in the product. */
export function aiAppHref(app: AiApp): string {
  return app.kind === 'research' ? '/ai/research' : `/ai/${app.kind}/${app.id}`;
}

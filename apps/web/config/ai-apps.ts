/**
 * The AI tools of Citewise. The public directory (/ai) lists them and the AI pages resolve their
 * app id here. Titles and descriptions are message keys under `aiApps.<id>`.
 */
export type AiAppKind = 'chat' | 'completion' | 'workflow' | 'research';

export type AiApp = {
  id: string;
  kind: AiAppKind;
  /** A lucide icon name, resolved by the directory page. */
  icon: 'search-check' | 'messages-square' | 'pen-line' | 'languages' | 'list-checks' | 'file-text';
};

export const aiApps = [
  { id: 'research', kind: 'research', icon: 'search-check' },
  { id: 'paper-chat', kind: 'chat', icon: 'messages-square' },
  { id: 'academic-polish', kind: 'completion', icon: 'pen-line' },
  { id: 'abstract-writer', kind: 'completion', icon: 'file-text' },
  { id: 'academic-translate', kind: 'completion', icon: 'languages' },
  { id: 'literature-review', kind: 'workflow', icon: 'list-checks' },
] as const satisfies readonly AiApp[];

export type AiAppId = (typeof aiApps)[number]['id'];

export const aiAppKinds: readonly AiAppKind[] = ['research', 'chat', 'completion', 'workflow'];

/** Where an app opens in the product. */
export function aiAppHref(app: AiApp): string {
  return app.kind === 'research' ? '/ai/research' : `/ai/${app.kind}/${app.id}`;
}

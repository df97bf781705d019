// What an app is: its Dify mode, its inputs form and its prompts. Typed configuration, not code.

export type DifyMode = 'chat' | 'advanced-chat' | 'completion' | 'workflow';

/** The languages the runtime's user-facing texts exist in (the product's locales). */
export const textLanguages = ['en', 'zh'] as const;
export type TextLanguage = (typeof textLanguages)[number];
/** A user-facing text in every language the product offers. */
export type Texts<T> = Record<TextLanguage, T>;

/**
 * The language a `language` parameter names (`zh`, `zh-CN`, `zh-Hans`, `en-US`, …), English when it names none
 * of ours (docs/protocols/dify.md §7).
 */
export function textLanguage(value: string | null | undefined): TextLanguage {
  return /^\s*zh/i.test(value ?? '') ? 'zh' : 'en';
}

/** The language of a piece of the user's text: Chinese when it has Han characters. */
export function languageOfText(text: string): TextLanguage {
  return /\p{Script=Han}/u.test(text) ? 'zh' : 'en';
}

type Field = {
  label: string;
  variable: string;
  required: boolean;
  default?: string;
  /** The default `/parameters` offers a page in that language (the review's language follows the page's). */
  defaultByLanguage?: Partial<Texts<string>>;
};
/** One `user_input_form` item, keyed by its control type as Dify's `/parameters` answers it. */
export type FormItem =
  { 'text-input': Field & { max_length?: number } } | { paragraph: Field & { max_length?: number } } | { select: Field & { options: string[] } };

export interface AppDefinition {
  /** Matches the product's `config/ai-apps.ts`. */
  id: string;
  mode: DifyMode;
  name: string;
  description: string;
  tags: string[];
  icon: string;
  openingStatement: Texts<string> | null;
  suggestedQuestions: Texts<string[]>;
  /** Whether `GET /messages/{id}/suggested` answers (chat apps). */
  suggestedAfterAnswer: boolean;
  userInputForm: FormItem[];
  /** The system prompt; `{{variable}}` takes the input of that name. */
  systemPrompt: string;
  /** Completion apps: the user message, from the inputs. */
  userPrompt?: string;
  /** Uses the literature search as its retrieval tool and cites what it finds. */
  retrieval: boolean;
  /** Answers extractively from retrieved papers when no model is configured. */
  worksWithoutModel: boolean;
}

export function formVariables(form: FormItem[]): Array<Field & { max_length?: number; options?: string[] }> {
  return form.map((item) => Object.values(item)[0] as Field);
}

/** Replaces `{{name}}` by the input of that name (absent inputs become empty). */
export function fillTemplate(template: string, inputs: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_, name: string) => {
    const value = inputs[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

// The inputs of a Dify app as its `/parameters` answer describes them (`user_input_form`), and the zod schema
// the form validates with. Error messages are `validation.<code>` keys, as everywhere in the product.
import { z } from 'zod';

export type InputControl = 'text-input' | 'paragraph' | 'select' | 'number';

export type InputField = {
  control: InputControl;
  variable: string;
  label: string;
  required: boolean;
  default: string;
  maxLength?: number;
  options?: string[];
};

const rawField = z.looseObject({
  variable: z.string().min(1),
  label: z.string().default(''),
  required: z.boolean().default(false),
  default: z.union([z.string(), z.number()]).nullish(),
  max_length: z.number().int().positive().nullish(),
  options: z.array(z.string()).nullish(),
});

const controls: readonly InputControl[] = ['text-input', 'paragraph', 'select', 'number'];

/**
 * The fields of a `user_input_form` (each item is `{ "<control>": { variable, label, … } }`). Items of other
 * controls (file, external tools) are left out: the writing tools do not ask for them.
 */
export function parseInputForm(form: unknown): InputField[] {
  if (!Array.isArray(form)) return [];
  const fields: InputField[] = [];
  for (const item of form) {
    if (!item || typeof item !== 'object') continue;
    const [control, value] = Object.entries(item as Record<string, unknown>)[0] ?? [];
    if (!controls.includes(control as InputControl)) continue;
    const parsed = rawField.safeParse(value);
    if (!parsed.success) continue;
    const raw = parsed.data;
    fields.push({
      control: control as InputControl,
      variable: raw.variable,
      label: raw.label || raw.variable,
      required: raw.required,
      default: raw.default == null ? '' : String(raw.default),
      maxLength: raw.max_length ?? undefined,
      options: control === 'select' ? (raw.options ?? []) : undefined,
    });
  }
  return fields;
}

function fieldSchema(field: InputField): z.ZodType<string> {
  let text = z.string().trim();
  if (field.maxLength) text = text.max(field.maxLength, 'too_big');
  if (field.required) text = text.min(1, 'required');
  if (field.control === 'number') {
    return text.refine((value) => value === '' || Number.isFinite(Number(value)), { message: 'invalid' });
  }
  if (field.control === 'select') {
    const options = field.options ?? [];
    return text.refine((value) => value === '' || options.includes(value), { message: 'invalid_value' });
  }
  return text;
}

/** The schema of the form's values: one string per variable, as Dify's `inputs` takes them. */
export function inputsSchema(fields: readonly InputField[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.variable, fieldSchema(field)])));
}

export type InputValues = Record<string, string>;

export function defaultInputs(fields: readonly InputField[]): InputValues {
  return Object.fromEntries(fields.map((field) => [field.variable, field.default]));
}

/** Validates the values; on failure, the first error code of each field. */
export function validateInputs(
  fields: readonly InputField[],
  values: InputValues,
): { ok: true; inputs: InputValues } | { ok: false; errors: Record<string, string> } {
  const result = inputsSchema(fields).safeParse(values);
  if (result.success) return { ok: true, inputs: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

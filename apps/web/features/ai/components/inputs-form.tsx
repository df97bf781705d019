'use client';

import { useTranslations } from 'next-intl';
import type { InputFormItem } from '@/features/ai/types';
import { LIBRARY_VARIABLES, LibraryChoice } from './library-choice';

type Field = { type: string; label: string; variable: string; required: boolean; maxLength?: number; options?: string[]; default?: string };

export function formFields(form: InputFormItem[]): Field[] {
  return form.flatMap((item) =>
    Object.entries(item).flatMap(([type, c]) =>
      c && ['text-input', 'paragraph', 'select', 'number'].includes(type)
        ? [{ type, label: c.label, variable: c.variable, required: Boolean(c.required), maxLength: c.max_length, options: c.options, default: c.default }]
        : [],
    ),
  );
}

/** The variables an app asks for before chatting (`user_input_form`); locked once the conversation started. */
export function InputsForm({
  appId,
  fields,
  values,
  locked,
  onChange,
}: {
  appId: string;
  fields: Field[];
  values: Record<string, string>;
  locked: boolean;
  onChange: (v: Record<string, string>) => void;
}) {
  const t = useTranslations('aiChat');
  // The runtime's labels are English; the page's language has them under the same keys as the writing tools' form.
  const ti = useTranslations('aiInputs');
  const label = (f: Field) => (ti.has(`${appId}.${f.variable}`) ? ti(`${appId}.${f.variable}` as 'stop') : f.label);
  const option = (value: string) => (ti.has(`options.${value}`) ? ti(`options.${value}` as 'stop') : value);
  if (!fields.length) return null;
  // The library's ids are chosen in a dialog, not typed (library-choice.tsx).
  const library = fields.some((f) => f.variable === LIBRARY_VARIABLES[0]);
  const typed = fields.filter((f) => !(LIBRARY_VARIABLES as readonly string[]).includes(f.variable));
  const cls = 'mt-1 w-full rounded-md border bg-background px-3 py-2 text-base disabled:opacity-60';
  return (
    <fieldset className="space-y-3 rounded-lg border p-3" disabled={locked} data-testid="inputs-form">
      <legend className="px-1 text-sm font-medium">{t('inputsLegend')}</legend>
      {library && <LibraryChoice values={values} locked={locked} onChange={(change) => onChange({ ...values, ...change })} />}
      {typed.map((f) => {
        const id = `input-${f.variable}`;
        // Unset, a field shows the app's default: the runtime applies that same default to a variable not sent.
        const common = { id, name: f.variable, required: f.required, value: values[f.variable] ?? f.default ?? '', className: cls };
        const set = (value: string) => onChange({ ...values, [f.variable]: value });
        return (
          <div key={f.variable}>
            <label htmlFor={id} className="text-sm">
              {label(f)}
              {f.required && <span aria-hidden> *</span>}
            </label>
            {f.type === 'paragraph' ? (
              <textarea {...common} rows={4} maxLength={f.maxLength} onChange={(e) => set(e.target.value)} />
            ) : f.type === 'select' ? (
              <select {...common} onChange={(e) => set(e.target.value)}>
                {f.default === undefined && <option value="" />}
                {f.options?.map((o) => (
                  <option key={o} value={o}>
                    {option(o)}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={f.type === 'number' ? 'number' : 'text'} maxLength={f.maxLength} onChange={(e) => set(e.target.value)} />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

export function missingInputs(fields: Field[], values: Record<string, string>): boolean {
  return fields.some((f) => f.required && !values[f.variable]?.trim());
}

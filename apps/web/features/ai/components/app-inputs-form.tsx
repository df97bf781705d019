'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { defaultInputs, validateInputs, type InputField, type InputValues } from '../writing/input-form';
import { CollectionSelect } from './collection-select';

/** A tool that runs over a topic or a collection of the library (the review) needs one of the two. */
const needsTopicOrCollection = (fields: readonly InputField[], values: InputValues) =>
  fields.some((f) => f.variable === 'library_collection') && fields.some((f) => f.variable === 'topic') && !values.topic?.trim() && !values.library_collection;

/**
 * The inputs of an AI app, drawn from its `user_input_form`. Labels and choices are translated where the app
 * has a message for them (`aiInputs.<appId>.<variable>`), else shown as the runtime names them.
 */
export function AppInputsForm({
  appId,
  fields,
  running,
  submitLabel,
  onRun,
  onStop,
  initial,
  onChange,
  disabled,
  note,
}: {
  appId: string;
  fields: readonly InputField[];
  running: boolean;
  submitLabel: string;
  onRun: (inputs: InputValues) => void;
  onStop: () => void;
  initial?: InputValues;
  /** Every edit, e.g. to estimate the run's size before it starts. */
  onChange?: (values: InputValues) => void;
  /** Nothing can be run (Enter in a field included): the month's messages are used up. */
  disabled?: boolean;
  /** Beside the button: why running is off. */
  note?: ReactNode;
}) {
  const t = useTranslations('aiInputs');
  const tv = useTranslations('validation');
  const tw = useTranslations('aiWorkflow');
  const [values, setValues] = useState<InputValues>(() => ({ ...defaultInputs(fields), ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled) return;
    const result = validateInputs(fields, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (needsTopicOrCollection(fields, values)) {
      setErrors({ topic: 'topicOrCollection' });
      return;
    }
    setErrors({});
    onRun(result.inputs);
  }

  const label = (field: InputField) => {
    const key = `${appId}.${field.variable}`;
    return t.has(key) ? t(key) : field.label;
  };
  const option = (value: string) => (t.has(`options.${value}`) ? t(`options.${value}`) : value);
  const set = (variable: string, value: string) => {
    const next = { ...values, [variable]: value };
    setValues(next);
    onChange?.(next);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="ai-inputs-form">
      {fields.map((field) => {
        const code = errors[field.variable];
        const error = code === 'topicOrCollection' ? tw('topicOrCollection') : code ? tv(code as 'required') : null;
        const common = {
          name: field.variable,
          value: values[field.variable] ?? '',
          required: field.required,
          'data-testid': `ai-input-${field.variable}`,
        };
        return (
          <Field key={field.variable} label={label(field)} error={error}>
            {field.variable === 'library_collection' ? (
              <CollectionSelect
                name={field.variable}
                value={values[field.variable] ?? ''}
                onChange={(value) => set(field.variable, value)}
                testId={`ai-input-${field.variable}`}
              />
            ) : field.control === 'paragraph' ? (
              <textarea
                {...common}
                rows={7}
                maxLength={field.maxLength}
                className={`${inputClasses} h-auto min-h-32 resize-y`}
                onChange={(event) => set(field.variable, event.target.value)}
              />
            ) : field.control === 'select' ? (
              <select {...common} className={inputClasses} onChange={(event) => set(field.variable, event.target.value)}>
                {(field.options ?? []).map((value) => (
                  <option key={value} value={value}>
                    {option(value)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type="text"
                inputMode={field.control === 'number' ? 'decimal' : undefined}
                maxLength={field.maxLength}
                className={inputClasses}
                onChange={(event) => set(field.variable, event.target.value)}
              />
            )}
          </Field>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={running || disabled} data-testid="ai-run">
          {submitLabel}
        </Button>
        {running ? (
          <Button type="button" variant="outline" onClick={onStop} data-testid="ai-stop">
            {t('stop')}
          </Button>
        ) : null}
      </div>
      {note}
    </form>
  );
}

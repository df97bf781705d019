import type { AppDefinition } from '../apps/types';
import { formVariables } from '../apps/types';
import { invalidParam } from '../errors';

/** Dify's check of `inputs` against the app's form: required values present, selects within their options. */
export function validateInputs(app: AppDefinition, inputs: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of formVariables(app.userInputForm)) {
    const raw = inputs[field.variable];
    const value = raw === undefined || raw === null || raw === '' ? field.default : raw;
    if (value === undefined || value === '') {
      if (field.required) throw invalidParam(`${field.variable} is required in input form`);
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number') throw invalidParam(`${field.variable} in input form must be a string`);
    const text = String(value);
    if (field.options && !field.options.includes(text))
      throw invalidParam(`${field.variable} in input form must be one of the following: ${field.options.join(', ')}`);
    if (field.max_length && text.length > field.max_length)
      throw invalidParam(`${field.variable} in input form must be less than ${field.max_length} characters`);
    result[field.variable] = text;
  }
  return result;
}

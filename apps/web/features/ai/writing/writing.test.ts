import { describe, expect, it } from 'vitest';
import { defaultInputs, parseInputForm, validateInputs } from './input-form';
import { writingRunOf } from './run-history';
import { diffStats, wordDiff } from './word-diff';

// The academic-polish form as the runtime's /parameters answers it, plus a number and an unknown control.
const form = [
  { paragraph: { label: 'Paragraph', variable: 'query', required: true, max_length: 20 } },
  { select: { label: 'Style', variable: 'style', required: false, default: 'formal', options: ['formal', 'plain'] } },
  { number: { label: 'Words', variable: 'words', required: false, default: 250 } },
  { file: { label: 'File', variable: 'file', required: false } },
];

describe('input form', () => {
  const fields = parseInputForm(form);

  it('reads text, paragraph, select and number controls and skips others', () => {
    expect(fields.map((field) => [field.control, field.variable])).toEqual([
      ['paragraph', 'query'],
      ['select', 'style'],
      ['number', 'words'],
    ]);
    expect(defaultInputs(fields)).toEqual({ query: '', style: 'formal', words: '250' });
    expect(parseInputForm(null)).toEqual([]);
  });

  it('validates required, length, choices and numbers', () => {
    expect(validateInputs(fields, { query: '  ', style: 'formal', words: '1' })).toEqual({ ok: false, errors: { query: 'required' } });
    const bad = validateInputs(fields, { query: 'x'.repeat(21), style: 'loud', words: 'ten' });
    expect(bad).toEqual({ ok: false, errors: { query: 'too_big', style: 'invalid_value', words: 'invalid' } });
    expect(validateInputs(fields, { query: ' text ', style: 'plain', words: '' })).toEqual({
      ok: true,
      inputs: { query: 'text', style: 'plain', words: '' },
    });
  });
});

describe('word diff', () => {
  it('marks removed and added words and keeps the rest', () => {
    const parts = wordDiff('the results was good', 'the results were good');
    expect(parts.filter((part) => part.kind !== 'same').map((part) => [part.kind, part.text])).toEqual([
      ['removed', 'was'],
      ['added', 'were'],
    ]);
    expect(parts.map((part) => (part.kind === 'removed' ? '' : part.text)).join('')).toBe('the results were good');
    expect(diffStats(parts)).toEqual({ added: 1, removed: 1 });
  });
});

describe('run history', () => {
  it('shows a kept run with its text inputs, and marks a stopped or failed one incomplete', () => {
    const kept = {
      id: 'm1',
      inputs: { query: 'this are a sentence', words: 250 },
      answer: 'This is a sentence.',
      status: 'normal' as const,
      stopped: false,
      created_at: 1_800_000_000,
    };
    expect(writingRunOf(kept)).toEqual({
      id: 'm1',
      createdAt: '2027-01-15T08:00:00.000Z',
      inputs: { query: 'this are a sentence' },
      output: 'This is a sentence.',
      partial: false,
    });
    expect(writingRunOf({ ...kept, stopped: true }).partial).toBe(true);
    expect(writingRunOf({ ...kept, status: 'error' }).partial).toBe(true);
  });
});

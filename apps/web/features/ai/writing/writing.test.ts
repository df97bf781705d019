import { describe, expect, it } from 'vitest';
import { defaultInputs, parseInputForm, validateInputs } from './input-form';
import { addRun, HISTORY_LIMIT, historyKey, readHistory, type WritingRun } from './run-history';
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
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  }
  const run = (id: string): WritingRun => ({ id, createdAt: '2026-01-01T00:00:00Z', inputs: { query: id }, output: `out ${id}`, partial: false });

  it('keeps runs per app and user, newest first, at most the limit', () => {
    const storage = memoryStorage();
    const key = historyKey('academic-polish', 'u1');
    for (let i = 0; i < HISTORY_LIMIT + 2; i++) addRun(storage, key, run(String(i)));
    const runs = readHistory(storage, key);
    expect(runs).toHaveLength(HISTORY_LIMIT);
    expect(runs[0]?.id).toBe(String(HISTORY_LIMIT + 1));
    expect(readHistory(storage, historyKey('academic-polish', 'u2'))).toEqual([]);
  });

  it('reads damaged storage as empty', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readHistory(storage, 'k')).toEqual([]);
    storage.setItem('k', JSON.stringify([{ id: 1 }]));
    expect(readHistory(storage, 'k')).toEqual([]);
  });
});

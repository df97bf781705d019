import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** ICU argument names used by a message, e.g. `{path}` and `{count, plural, …}` give path, count. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z_]\w*)\s*(?:,[^{}]*)?[,}]/g)].map((m) => m[1] ?? '').sort();
}

const english = flatten(en as Tree);
const chinese = flatten(zh as Tree);

describe('message files', () => {
  it('have the same keys in English and Chinese', () => {
    const onlyEnglish = [...english.keys()].filter((key) => !chinese.has(key));
    const onlyChinese = [...chinese.keys()].filter((key) => !english.has(key));
    expect({ onlyEnglish, onlyChinese }).toEqual({ onlyEnglish: [], onlyChinese: [] });
  });

  it('use the same placeholders in both languages', () => {
    const differing = [...english].filter(([key, text]) => {
      const other = chinese.get(key);
      return other !== undefined && argumentsOf(text).join() !== argumentsOf(other).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('have no empty message', () => {
    const empty = [...english, ...chinese].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keep the error headlines of docs/product.md §2 verbatim', () => {
    expect(en.errors.headline).toEqual({
      '401': 'unauthorised',
      '403': 'no access',
      '404': 'page does not exist',
      '500': 'internal server error',
      other: 'something went wrong',
    });
    expect(en.errors.message['404']).toBe('Page Not Found: {path}');
  });
});

import { describe, expect, it } from 'vitest';
import { en, messageSources, zh } from './index';

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
  it.each(Object.entries(messageSources))('of %s have the same keys in English and Chinese', (_owner, source) => {
    const ownEnglish = flatten(source.en as Tree);
    const ownChinese = flatten(source.zh as Tree);
    const onlyEnglish = [...ownEnglish.keys()].filter((key) => !ownChinese.has(key));
    const onlyChinese = [...ownChinese.keys()].filter((key) => !ownEnglish.has(key));
    expect({ onlyEnglish, onlyChinese }).toEqual({ onlyEnglish: [], onlyChinese: [] });
  });

  it('give each namespace one owner, so merging them loses nothing', () => {
    const owners = new Map<string, string[]>();
    for (const [owner, source] of Object.entries(messageSources)) {
      for (const namespace of Object.keys(source.en)) owners.set(namespace, [...(owners.get(namespace) ?? []), owner]);
    }
    expect([...owners].filter(([, of]) => of.length > 1)).toEqual([]);
    expect(Object.keys(en).sort()).toEqual([...owners.keys()].sort());
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

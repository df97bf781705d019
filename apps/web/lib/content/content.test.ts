import { describe, expect, it } from 'vitest';
import { readingMinutes } from './reading-time';
import { tableOfContents } from './toc';

describe('table of contents', () => {
  it('lists level 2 and 3 headings with rehype-slug ids, skipping code fences', () => {
    const markdown = ['## Quick start', 'text', '```sh', '## not a heading', '```', '### `npm start` again', '## Quick start', '## 自行部署'].join('\n');
    expect(tableOfContents(markdown)).toEqual([
      { id: 'quick-start', text: 'Quick start', depth: 2 },
      { id: 'npm-start-again', text: 'npm start again', depth: 3 },
      { id: 'quick-start-1', text: 'Quick start', depth: 2 },
      { id: '自行部署', text: '自行部署', depth: 2 },
    ]);
  });
});

describe('reading time', () => {
  it('counts English words and Chinese characters, at least one minute', () => {
    expect(readingMinutes('word '.repeat(460))).toBe(2);
    expect(readingMinutes('研'.repeat(1200))).toBe(3);
    expect(readingMinutes('short')).toBe(1);
    expect(readingMinutes('```\n' + 'code '.repeat(5000) + '\n```\nok')).toBe(1);
  });
});

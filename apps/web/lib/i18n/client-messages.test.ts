import { describe, expect, it } from 'vitest';
import { clientMessagesWith } from './client-messages';

const messages = { common: { ok: 'OK' }, research: { searchLog: { title: 'Log' }, search: { source: { local: 'Local' }, other: 'x' }, big: 'y' }, pricing: {} };

describe('the messages a page sends to the browser', () => {
  it('sends a whole namespace, or only the named part of one', () => {
    const picked = clientMessagesWith(messages, ['research.searchLog', 'research.search.source']);
    expect(picked.research).toEqual({ searchLog: { title: 'Log' }, search: { source: { local: 'Local' } } });
    expect(picked.common).toEqual({ ok: 'OK' });
    expect(clientMessagesWith(messages, ['research']).research).toBe(messages.research);
  });

  it('never changes the full messages, and skips names that do not exist', () => {
    const picked = clientMessagesWith(messages, ['research', 'research.searchLog', 'nothing.here']);
    expect(picked.research).toEqual(messages.research);
    expect(messages.research.big).toBe('y');
    expect('nothing' in picked).toBe(false);
  });
});

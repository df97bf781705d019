import { describe, expect, it } from 'vitest';
import { uuidV5, workflowVersionId } from './version-id';

describe('workflowVersionId', () => {
  it('is a UUIDv5, the same for the same app and version, another for another app or version', () => {
    const id = workflowVersionId('literature-review', 'literature-review@1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(workflowVersionId('literature-review', 'literature-review@1')).toBe(id);
    expect(workflowVersionId('literature-review', 'literature-review@2')).not.toBe(id);
    expect(workflowVersionId('other-review', 'literature-review@1')).not.toBe(id);
  });

  it('computes RFC 9562 UUIDv5 (the well-known vector: www.example.com in the DNS namespace)', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
});

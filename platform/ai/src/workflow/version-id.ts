// The id of a workflow version, as Dify gives it: a UUID (docs/protocols/dify.md §2.4). Dify mints one per published
// version; this runtime's versions are code (`literature-review@1`), so the id is derived from the app and that
// version name by UUIDv5 (RFC 9562 §5.5): the same app and version always have the same id, on every instance and
// after a restart, and a new version or another app gets another one. The readable name stays in the run's row and
// in the logs' `workflow_run.version`.
import { createHash } from 'node:crypto';

/** This runtime's own namespace for version ids (a random UUID, fixed once: changing it changes every id). */
const NAMESPACE = '6d4f3c1e-2b8a-4f57-9a0e-5c3b7e1d9f24';

export function workflowVersionId(appId: string, version: string): string {
  return uuidV5(NAMESPACE, `${appId}\n${version}`);
}

/** RFC 9562 §5.5: SHA-1 of the namespace's bytes and the name's, with the version and variant bits set. */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

import { describe, expect, it, vi } from 'vitest';
import { createLocalSource, sourceRegistry } from '@citewise/scholar';
import { MAX_LIBRARY_PAPERS as RUNTIME_MAX } from '@citewise/platform-ai';
import { testPapers } from '@/test/fixtures/papers';
import { setUpWebApi } from '@/test/web-api';

// The papers a user chooses for "Chat with a paper": read as the user the proxy named, with the PDFs attached to
// them (their bytes from the storage service), against the real auth and storage services in this process. Another
// user's paper or collection is never found, so the runtime refuses the message.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
const api = setUpWebApi({ auth: {}, storage: {} });

const { libraryPapers } = await import('./library-papers');
const { difyUser } = await import('./dify-user');
const { MAX_LIBRARY_PAPERS } = await import('../schema');
const { savePaper } = await import('@/features/library/server/save-paper');
const { attachPaperFile } = await import('@/features/library/server/attach-paper-file');
const { createCollection } = await import('@/features/library/server/collections');
const { updateLibraryPaper } = await import('@/features/library/server/update-library-paper');
const { fileKey } = await import('@/lib/files/file-keys');

const localSources = () => sourceRegistry([createLocalSource(api.handle.db)], 5000);
const pdfText = '%PDF-1.4\n%%EOF\n';
const readBytes = async (version: string) => Buffer.concat(await (await api.storage.context.blobs.read(version)).toArray());
const signal = new AbortController().signal;

describe('libraryPapers', () => {
  it('reads the chosen papers with their PDFs as their owner, and nothing of them as anyone else', async () => {
    const alice = await api.signUp('chooser', { signIn: false });
    const bob = await api.signUp('other', { signIn: false });
    const first = await savePaper(alice.user.claims, localSources(), testPapers[0]!);
    const second = await savePaper(alice.user.claims, localSources(), testPapers[1]!);
    const key = fileKey(alice.user.id, ['论文'], 'attention.pdf');
    expect((await alice.client.storage.from('files').upload(key, new Blob([pdfText], { type: 'application/pdf' }))).error).toBeNull();
    await attachPaperFile(alice.user.claims, first.id, key);
    const read = libraryPapers(api.handle, readBytes);

    const chosen = await read(difyUser(alice.user.id), { paperIds: [second.id, first.id] }, signal);
    expect(chosen!.map((p) => p.entryId)).toEqual([second.id, first.id]);
    expect(chosen![0]!.files).toEqual([]);
    expect(chosen![1]!.files).toEqual([{ name: 'attention.pdf', version: expect.any(String), bytes: expect.any(Function) }]);
    expect(Buffer.from(await chosen![1]!.files[0]!.bytes()).toString()).toBe(pdfText);

    // Bob names Alice's papers: none is his, so none is read (and the runtime answers not_found).
    expect(await read(difyUser(bob.user.id), { paperIds: [first.id] }, signal)).toEqual([]);
    expect(await read('default-user', { paperIds: [first.id] }, signal)).toEqual([]);
    expect(await read(difyUser(alice.user.id), { paperIds: ['not-a-uuid'] }, signal)).toEqual([]);
  });

  it('reads a collection of the owner, and answers null for anyone else’s', async () => {
    const alice = await api.signUp('collector', { signIn: false });
    const bob = await api.signUp('intruder', { signIn: false });
    const entry = await savePaper(alice.user.claims, localSources(), testPapers[2]!);
    const collection = await createCollection(alice.user.claims, 'Chapter 2');
    await updateLibraryPaper(alice.user.claims, entry.id, { collectionIds: [collection.id] });
    const read = libraryPapers(api.handle, readBytes);

    expect((await read(difyUser(alice.user.id), { collectionId: collection.id }, signal))!.map((p) => p.entryId)).toEqual([entry.id]);
    expect(await read(difyUser(bob.user.id), { collectionId: collection.id }, signal)).toBeNull();
  });

  it('validates the choice at the proxy: paper ids, at most MAX_LIBRARY_PAPERS of them, a collection id', async () => {
    const { chatMessageSchema } = await import('../schema');
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID()).join(',');
    const issue = (inputs: Record<string, unknown>) => chatMessageSchema.safeParse({ query: 'q', inputs }).error?.issues[0]?.message;
    expect(MAX_LIBRARY_PAPERS).toBe(RUNTIME_MAX);
    expect(issue({ library_papers: ids(MAX_LIBRARY_PAPERS), paper: 'text' })).toBeUndefined();
    expect(issue({ library_papers: ids(MAX_LIBRARY_PAPERS + 1) })).toBe('too_many_library_papers');
    expect(issue({ library_papers: 'p:1,../x' })).toBe('invalid');
    expect(issue({ library_papers: 7 })).toBe('invalid');
    expect(issue({ library_collection: '' })).toBeUndefined();
    expect(issue({ library_collection: 'x' })).toBe('invalid');
  });
});

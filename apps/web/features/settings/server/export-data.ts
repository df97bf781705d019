import 'server-only';
import type { User } from '@supabase/supabase-js';
import { asc } from '@citewise/db/orm';
import { toAppError } from '@/features/auth/server/to-app-error';
import type { SessionUser } from '@/lib/auth/session';
import { exportFiles } from '@/features/files/server/export-files';
import { walkObjects } from '@/features/files/server/remove-user-files';
import { listSessions } from '@/features/admin/server/user-sessions';
import { exportAiData } from '@/features/ai/server/user-ai-data';
import {
  aiUsage,
  libraryCollectionPapers,
  libraryCollections,
  libraryPaperFiles,
  libraryPapers,
  notePapers,
  notes,
  subscriptions,
  usageCounters,
} from '@/lib/db/schema';
import { storedFilesById } from '@/features/files/server/stored-files';
import { withUserDb } from '@/lib/db/user-db';
import { AppError } from '@/lib/errors';
import { AVATAR_BUCKET } from '@/lib/avatar';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { billingSection, teamSection } from './export-billing-team';

/**
 * One part of "export all my data": a name and what it holds for the user. A feature with data of its own
 * (notes, files) adds one entry to `exportSections`; the archive gets a top-level key of that name.
 */
export type ExportSection = { id: string; collect: (user: SessionUser, account: User) => Promise<unknown> };

/**
 * The account as the auth service has it, without anything secret (no tokens, hashes or TOTP secrets), its profile
 * pictures, and its signed-in devices when the auth tables are readable from here (the embedded service, a Supabase
 * project's database).
 */
async function profileSection(user: SessionUser, account: User) {
  const sessions = await listSessions(user.id);
  const pictures = await walkObjects(await createSupabaseAdminClient(), AVATAR_BUCKET, user.id);
  return {
    id: account.id,
    email: account.email || null,
    phone: account.phone ? `+${account.phone}` : null,
    createdAt: account.created_at,
    lastSignInAt: account.last_sign_in_at ?? null,
    emailConfirmedAt: account.email_confirmed_at ?? null,
    phoneConfirmedAt: account.phone_confirmed_at ?? null,
    metadata: account.user_metadata ?? {},
    signInMethods: (account.identities ?? []).map((identity) => ({
      provider: identity.provider,
      email: typeof identity.identity_data?.email === 'string' ? identity.identity_data.email : null,
      createdAt: identity.created_at ?? null,
    })),
    twoStepFactors: (account.factors ?? []).map((factor) => ({
      type: factor.factor_type,
      name: factor.friendly_name ?? null,
      status: factor.status,
      createdAt: factor.created_at,
    })),
    pictures: pictures.map((object) => ({ key: object.key, size: object.size, type: object.mimetype, updatedAt: object.updatedAt })),
    sessions: (sessions ?? []).map((session) => ({
      createdAt: session.created_at,
      lastActiveAt: session.refreshed_at,
      device: session.user_agent,
      address: session.ip,
      twoStep: session.aal === 'aal2',
    })),
  };
}

/** Saved papers with their records, notes, tags, collections and attached PDFs (by their path in My files). */
async function librarySection(user: SessionUser) {
  return withUserDb(user.claims, async (db) => {
    const papers = await db.select().from(libraryPapers).orderBy(asc(libraryPapers.createdAt), asc(libraryPapers.id));
    const collections = await db.select().from(libraryCollections).orderBy(asc(libraryCollections.createdAt), asc(libraryCollections.id));
    const links = await db.select().from(libraryCollectionPapers);
    const collectionNames = new Map(collections.map((collection) => [collection.id, collection.name]));
    const attached = await db.select().from(libraryPaperFiles).orderBy(asc(libraryPaperFiles.createdAt));
    const stored = await storedFilesById(db, user.id, [...new Set(attached.map((link) => link.objectId))]);
    const paths = new Map(stored.map((file) => [file.objectId, [...file.folder, file.name].join('/')]));
    return {
      papers: papers.map((row) => ({
        paperId: row.paperId,
        savedAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        note: row.note,
        tags: row.tags,
        collections: links
          .filter((link) => link.libraryPaperId === row.id)
          .map((link) => collectionNames.get(link.collectionId))
          .filter(Boolean),
        verification: row.verification ?? null,
        files: attached.filter((link) => link.libraryPaperId === row.id).flatMap((link) => paths.get(link.objectId) ?? []),
        paper: row.paper,
      })),
      collections: collections.map((collection) => ({ name: collection.name, createdAt: collection.createdAt.toISOString() })),
    };
  });
}

/** The plan, AI usage per day and tool, and the counts behind the other plan limits (searches, checks) per period. */
async function usageSection(user: SessionUser) {
  return withUserDb(user.claims, async (db) => {
    const days = await db.select().from(aiUsage).orderBy(asc(aiUsage.day), asc(aiUsage.appId));
    const [subscription] = await db.select().from(subscriptions).limit(1);
    const counters = await db.select().from(usageCounters).orderBy(asc(usageCounters.period), asc(usageCounters.feature));
    return {
      plan: subscription ? { id: subscription.planId, status: subscription.status, since: subscription.createdAt.toISOString() } : null,
      ai: days.map((row) => ({
        day: row.day,
        app: row.appId,
        messages: row.messages,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        totalTokens: row.totalTokens,
      })),
      counters: counters.map((row) => ({ feature: row.feature, period: row.period, count: row.count })),
    };
  });
}

/** Research notes in Markdown, with the library papers each is about (by paper id) and their locators. */
async function notesSection(user: SessionUser) {
  return withUserDb(user.claims, async (db) => {
    const rows = await db.select().from(notes).orderBy(asc(notes.createdAt), asc(notes.id));
    const links = await db.select().from(notePapers).orderBy(asc(notePapers.position));
    const papers = await db.select({ id: libraryPapers.id, paperId: libraryPapers.paperId }).from(libraryPapers);
    const paperIds = new Map(papers.map((paper) => [paper.id, paper.paperId]));
    return rows.map((row) => ({
      title: row.title,
      body: row.body,
      tags: row.tags,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      papers: links.filter((link) => link.noteId === row.id).map((link) => ({ paperId: paperIds.get(link.libraryPaperId) ?? null, locator: link.locator })),
    }));
  });
}

/** The stored files, listed (path, size, type, date); the bytes themselves are downloaded from the files page. */
async function filesSection(user: SessionUser) {
  return exportFiles(await createSupabaseAdminClient(), user.id);
}

export const exportSections: ExportSection[] = [
  { id: 'profile', collect: profileSection },
  { id: 'library', collect: librarySection },
  { id: 'notes', collect: notesSection },
  { id: 'files', collect: filesSection },
  { id: 'usage', collect: usageSection },
  { id: 'ai', collect: (user) => exportAiData(user.id) },
  { id: 'billing', collect: billingSection },
  { id: 'team', collect: teamSection },
];

export const EXPORT_FORMAT = 'citewise-export';
export const EXPORT_VERSION = 1;

/** Everything the product keeps about the user, as one JSON document. */
export async function exportUserData(user: SessionUser, now = new Date()): Promise<Record<string, unknown>> {
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(user.id);
  if (error) throw error.status === 404 ? new AppError('unauthorized', { cause: error }) : toAppError(error);
  if (!data.user) throw new AppError('unauthorized');
  const archive: Record<string, unknown> = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString() };
  for (const section of exportSections) archive[section.id] = await section.collect(user, data.user);
  return archive;
}

/** The archive as a download: `citewise-export-YYYY-MM-DD.json`. */
export function exportResponse(archive: Record<string, unknown>, now = new Date()): Response {
  const name = `citewise-export-${now.toISOString().slice(0, 10)}.json`;
  return new Response(`${JSON.stringify(archive, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

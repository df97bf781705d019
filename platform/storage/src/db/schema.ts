// The `storage` schema: Supabase Storage's buckets and objects (docs/protocols/supabase-storage.md §4), trimmed to what
// this service serves. The bytes live outside the database (blobs.ts); a row names its blob by `version`.
//
// Access: requests of the service role run as the table owner and bypass Row Level Security; every other request
// runs as `authenticated` or `anon` with its verified claims in `request.jwt.claims` (access.ts), so the policies
// below are the only gate. After changing this file: `npm run db:generate -- platform/storage storage <name>`.
import { sql } from '@citewise/db/orm';
import { bigint, boolean, index, jsonb, pgPolicy, pgRole, pgSchema, text, timestamp, uniqueIndex, uuid } from '@citewise/db/pg-core';

export const storage = pgSchema('storage');

/** Created by the migration 0000_roles (race-safe; present already on a hosted Supabase database). */
export const authenticated = pgRole('authenticated').existing();
export const anon = pgRole('anon').existing();

const at = (name: string) => timestamp(name, { withTimezone: true });

/** System metadata of an object, as Supabase stores it (`storage.objects.metadata`). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** The claims' `sub` of the current transaction, as text (null outside a user's request). */
const uid = sql`(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')`;

/** The product's private buckets, where a user owns the folder named by their user id. */
export const USER_FOLDER_BUCKETS = ['files', 'avatars'] as const;

const ownFolder = sql`bucket_id in ('files', 'avatars') and split_part(name, '/', 1) = ${uid}`;

export const buckets = storage
  .table(
    'buckets',
    {
      id: text('id').primaryKey(),
      name: text('name').notNull(),
      owner: uuid('owner'),
      ownerId: text('owner_id'),
      public: boolean('public').notNull().default(false),
      fileSizeLimit: bigint('file_size_limit', { mode: 'number' }),
      allowedMimeTypes: text('allowed_mime_types').array(),
      createdAt: at('created_at').notNull().defaultNow(),
      updatedAt: at('updated_at').notNull().defaultNow(),
    },
    () => [
      uniqueIndex('buckets_name_key').on(sql`name`),
      // Signed-in users may read the product's buckets (their limits and types); only the service role manages them.
      pgPolicy('buckets_select_product', { as: 'permissive', for: 'select', to: authenticated, using: sql`id in ('files', 'avatars')` }),
    ],
  )
  .enableRLS();

export const objects = storage
  .table(
    'objects',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      bucketId: text('bucket_id')
        .notNull()
        .references(() => buckets.id),
      name: text('name').notNull(),
      owner: uuid('owner'),
      ownerId: text('owner_id'),
      /** The blob generation: a new uuid on every write, so readers of the old bytes never see half of the new. */
      version: uuid('version').notNull(),
      metadata: jsonb('metadata').$type<ObjectMetadata>().notNull(),
      userMetadata: jsonb('user_metadata').$type<Record<string, unknown> | null>(),
      createdAt: at('created_at').notNull().defaultNow(),
      updatedAt: at('updated_at').notNull().defaultNow(),
      lastAccessedAt: at('last_accessed_at').notNull().defaultNow(),
    },
    (table) => [
      uniqueIndex('objects_bucket_name_key').on(table.bucketId, table.name),
      index('objects_bucket_lower_name_idx').on(table.bucketId, sql`lower(name) text_pattern_ops`),
      // A user owns `{their user id}/…` in the product's private buckets; nothing else is granted.
      pgPolicy('objects_select_own_folder', { as: 'permissive', for: 'select', to: authenticated, using: ownFolder }),
      pgPolicy('objects_insert_own_folder', { as: 'permissive', for: 'insert', to: authenticated, withCheck: ownFolder }),
      pgPolicy('objects_update_own_folder', { as: 'permissive', for: 'update', to: authenticated, using: ownFolder, withCheck: ownFolder }),
      pgPolicy('objects_delete_own_folder', { as: 'permissive', for: 'delete', to: authenticated, using: ownFolder }),
    ],
  )
  .enableRLS();

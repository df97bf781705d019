export * from 'drizzle-orm/pg-core';

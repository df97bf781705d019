import { searchQuerySchema } from '@/features/research/schema';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { searchPapers } from '@/features/research/server/search-papers';
import { appDatabase } from '@/lib/db/database';
import { route } from '@/lib/route';

// GET /api/scholar/search?q=…&page=&sort=&yearFrom=&yearTo=&sources=&field=&hasAbstract= – federated search
export const GET = route(
  { input: searchQuerySchema, rateLimit: [{ name: 'scholar-search', points: 60, durationSeconds: 60 }] },
  async ({ input, request }) => searchPapers((await appDatabase()).db, await scholarSources(), input, request.signal),
);

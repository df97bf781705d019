import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';

export const dynamic = 'force-dynamic';

// ANY /api/* that no other route serves – the API's own 404 in the stable error shape, never the HTML page
// (a client parsing JSON would otherwise fail on the page instead of reading `not_found`).
const notFound = route({}, () => {
  throw new AppError('not_found');
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as HEAD, notFound as OPTIONS };

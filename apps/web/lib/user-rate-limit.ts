import type { RouteRateLimit } from '@/lib/route';

/** Library calls count per signed-in user. */
export function perUser<I>(name: string, points: number): RouteRateLimit<I> {
  return { name, points, durationSeconds: 60, key: ({ user, ip }) => user?.id ?? ip };
}

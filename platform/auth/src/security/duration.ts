// Go duration strings (`24h`, `1h30m`, `500ms`), as GoTrue accepts them for `ban_duration`.

export class DurationError extends Error {
  override name = 'DurationError';
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds, or null for `none`. */
export function parseGoDuration(value: string): number | null {
  const text = value.trim();
  if (text === 'none') return null;
  if (text === '0') return 0;
  const part = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  let match: RegExpExecArray | null;
  while ((match = part.exec(text))) {
    total += Number(match[1]) * UNITS[match[2]!]!;
    consumed = part.lastIndex;
  }
  if (consumed === 0 || consumed !== text.length) throw new DurationError(`invalid duration "${value}"`);
  return total;
}

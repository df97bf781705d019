// One line saying why a record was refused: zod's issues as "field: problem", other errors by their message.

interface Issue {
  path: PropertyKey[];
  message: string;
}

export function describeError(error: unknown): string {
  const issues = (error as { issues?: Issue[] } | null)?.issues;
  if (Array.isArray(issues) && issues.length) {
    return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim() || 'invalid record';
}

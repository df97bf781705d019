// A one-line reason from a provider's error body, whatever its shape: JSON `{error}`, `{message}`, Crossref's
// `{message: [{message}]}`, an arXiv Atom error entry, or plain text / HTML.

export function describeErrorBody(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  try {
    const body = JSON.parse(trimmed) as unknown;
    const found = pick(body);
    if (found) return clip(found);
  } catch {
    // Not JSON: fall through to markup and plain text.
  }
  const summary = /<summary[^>]*>([\s\S]*?)<\/summary>/i.exec(trimmed) ?? /<ERROR>([\s\S]*?)<\/ERROR>/i.exec(trimmed);
  if (summary?.[1]?.trim()) return clip(summary[1]);
  return clip(trimmed.replace(/<[^>]+>/g, ' '));
}

function pick(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (Array.isArray(body)) return body.map(pick).filter(Boolean).join('; ') || undefined;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail', 'msg']) {
      const value = pick(record[key]);
      if (value) return value;
    }
  }
  return undefined;
}

const clip = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

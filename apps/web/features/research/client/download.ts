import { ApiError, apiFetch } from '@/features/auth/client/api';
import { isErrorCode } from '@/lib/errors';

export { ApiError, apiFetch };

/** POSTs to an export endpoint and saves the answer as the file the server names. */
export async function downloadExport(path: string, body: unknown, locale: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': locale },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network_error', 0);
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as { error?: { code?: string; issues?: ApiError['issues'] } } | null;
    const code = isErrorCode(failure?.error?.code) ? failure.error.code : response.status >= 500 ? 'internal_error' : 'bad_request';
    throw new ApiError(code, response.status, failure?.error?.issues ?? []);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'citewise-export.txt';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a chosen file as text, refusing files larger than `maxChars` characters' worth of bytes × 4. */
export async function readTextFile(file: File, maxChars: number): Promise<string | null> {
  if (file.size > maxChars * 4) return null;
  const text = await file.text();
  return text.length > maxChars ? null : text;
}

import { apiRequest } from './client';

/** Saves text made in the browser as a file. */
export function saveTextFile(name: string, text: string, type: string): void {
  saveBlob(name, new Blob([text], { type }));
}

/** POSTs to an export endpoint and saves the answer as the file the server names. */
export async function downloadExport(path: string, body: unknown, locale: string): Promise<void> {
  const response = await apiRequest<Blob>(path, { method: 'POST', body, locale, responseType: 'blob' });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'citewise-export.txt';
  saveBlob(name, response._data ?? new Blob([]));
}

function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
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

import { storageProblem, StorageCallError } from '@/lib/supabase/storage-problem';

export type UploadTarget = {
  /** The Storage API base, e.g. `/platform/storage/v1`. */
  storageUrl: string;
  anonKey: string;
  accessToken: string;
};

/**
 * Uploads one file to `files/<key>` with XMLHttpRequest, the one browser API that reports upload progress. The
 * body is the raw file with its type (what supabase-js sends for a Blob), never replacing an existing file.
 */
export function uploadFile(
  target: UploadTarget,
  key: string,
  file: File,
  type: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const path = key.split('/').map(encodeURIComponent).join('/');
    xhr.open('POST', `${target.storageUrl}/object/files/${path}`);
    xhr.setRequestHeader('authorization', `Bearer ${target.accessToken}`);
    xhr.setRequestHeader('apikey', target.anonKey);
    xhr.setRequestHeader('content-type', type);
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let body: { statusCode?: string; code?: string } = { statusCode: String(xhr.status) };
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not the service's JSON (a proxy in between): the HTTP status is all there is.
      }
      reject(new StorageCallError(storageProblem(body)));
    };
    xhr.onerror = () => reject(new StorageCallError('network'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

import type { Paper } from '@citewise/scholar';
import { apiRequest } from '@/features/auth/client/api';

/** Papers formatted in a citation style by the export API, one reference per line (to copy). */
export async function formattedReferences(papers: Paper[], style: string, locale: string): Promise<string> {
  const response = await apiRequest<Blob>('/api/scholar/export', { method: 'POST', body: { papers, format: 'text', style }, locale, responseType: 'blob' });
  return (await (response._data ?? new Blob([])).text()).trim();
}

import type { Paper } from '@citewise/scholar';
import type { Api } from '@/lib/api/use-api';

/** Papers formatted in a citation style by the export API, one reference per line (to copy). */
export async function formattedReferences(papers: Paper[], style: string, api: Api): Promise<string> {
  const response = await api.request<Blob>('/api/scholar/export', { method: 'POST', body: { papers, format: 'text', style }, responseType: 'blob' });
  return (await (response._data ?? new Blob([])).text()).trim();
}

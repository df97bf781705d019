import { docsSearchDocuments } from '@/features/content/docs';
import { isLocale, routing } from '@/lib/i18n/routing';

export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

// GET /docs-index/{locale} – the documents the docs search indexes in the browser
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return Response.json({ error: { code: 'not_found', message: 'Unknown language' } }, { status: 404 });
  return Response.json(docsSearchDocuments(locale));
}

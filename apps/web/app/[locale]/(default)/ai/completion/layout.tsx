import type { ReactNode } from 'react';
import { DefaultLayout, defaultLayoutMetadata } from '@/features/dashboard/components/default-layout';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// The `default` layout (features/dashboard/components/default-layout.tsx says why each tool has this file).
export const metadata = defaultLayoutMetadata;

export default async function Layout({ children, ...props }: LocaleParams & { children: ReactNode }) {
  return <DefaultLayout locale={await pageLocale(props)}>{children}</DefaultLayout>;
}

'use client';

import { useTranslations } from 'next-intl';
import { inputClasses } from '@/components/ui/input';
import type { LibraryCollection } from '@/features/library/types';
import { useLibraryCollections, type Loaded } from '../hooks/use-library-collections';

/**
 * A collection of the user's library for a tool that runs over one (`library_collection`): none by default, which
 * keeps the tool's own search. Only collections holding papers are offered.
 */
export function CollectionSelect({
  name,
  value,
  onChange,
  testId,
  loaded,
  ...field
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /** The collections when the caller loaded them already. */
  loaded?: Loaded<LibraryCollection[]>;
  /** What a Field gives its control: its id and the ARIA links to the hint and the error. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
}) {
  const t = useTranslations('aiChat.library');
  // Signed out (the review's page shows its form to anyone) there is no library to offer, and no error to show.
  const own = useLibraryCollections(!loaded);
  const collections = loaded ?? own;
  const offered = (collections.data ?? []).filter((c) => c.paperCount > 0 || c.id === value);
  return (
    <>
      <select {...field} name={name} value={value} onChange={(event) => onChange(event.target.value)} className={inputClasses} data-testid={testId}>
        <option value="">{t('noCollection')}</option>
        {offered.map((c) => (
          <option key={c.id} value={c.id}>
            {t('collectionOption', { name: c.name, count: c.paperCount })}
          </option>
        ))}
      </select>
      {collections.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('loadFailed')}
        </p>
      ) : null}
    </>
  );
}

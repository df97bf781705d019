'use client';

import { useTranslations } from 'next-intl';
import { Segmented } from '@/components/ui/segmented';

export type SignInMethod = 'email' | 'phone';

/** Email or phone, for the sign-in and sign-up forms (shown only when phone sign-in is enabled). */
export function MethodChoice({ name, value, onChange }: { name: string; value: SignInMethod; onChange: (method: SignInMethod) => void }) {
  const t = useTranslations('auth');
  return (
    <div>
      <Segmented<SignInMethod>
        name={name}
        legend={t('method')}
        value={value}
        options={[
          { value: 'email', label: t('email') },
          { value: 'phone', label: t('phone') },
        ]}
        onChange={onChange}
      />
    </div>
  );
}

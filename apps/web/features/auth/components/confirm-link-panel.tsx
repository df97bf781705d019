import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import type { ConfirmLink } from '../schema';
import { AuthCard } from './auth-card';
import { FormAlert } from '@/components/ui/form-alert';

/**
 * /auth/confirm: a mailed link (sent by an admin: sign-in, password reset, invitation) signs in only on this
 * click. The form posts to /api/auth/confirm from this origin, which a page on another site cannot do, so a
 * link planted elsewhere cannot sign its visitor into someone else's account (features/auth/server/confirm-token.ts).
 * A plain form: it works before any script has loaded.
 */
export async function ConfirmLinkPanel({ link }: { link: ConfirmLink | null }) {
  const t = await getTranslations('auth.confirmLink');
  const te = await getTranslations('errors');
  if (!link) {
    return (
      <AuthCard title={t('title')}>
        <div className="grid gap-4">
          <FormAlert testId="link-error">{te('link_expired')}</FormAlert>
          <Link href="/auth/signin" className={buttonVariants()}>
            {t('signIn')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('title')} lead={t(link.type === 'recovery' ? 'leadRecovery' : link.type === 'invite' ? 'leadInvite' : 'lead')}>
      <form method="post" action="/api/auth/confirm" className="grid gap-3">
        <input type="hidden" name="token_hash" value={link.token_hash} />
        <input type="hidden" name="type" value={link.type} />
        {link.next ? <input type="hidden" name="next" value={link.next} /> : null}
        <button type="submit" className={buttonVariants()} data-testid="confirm-continue">
          {t('continue')}
        </button>
        <p className="text-sm text-muted-foreground">{t('why')}</p>
      </form>
    </AuthCard>
  );
}

import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';

/**
 * An illustration of the three outcomes of checking a reference. The references are real papers
 * (the first two) and a deliberately invented one, shown as Citewise reports them.
 */
export async function VerificationDemo() {
  const t = await getTranslations('home.promise');
  // The references as each language's readers cite them: APA in English, GB/T 7714 in Chinese.
  const zh = (await getLocale()) === 'zh';
  const rows = [
    {
      Icon: CircleCheck,
      tone: 'text-success',
      status: t('verified'),
      text: zh
        ? 'VASWANI A, SHAZEER N, PARMAR N, et al. Attention is all you need[C]//Advances in Neural Information Processing Systems 30. 2017.'
        : 'Vaswani, A., et al. (2017). Attention is all you need. NeurIPS 30.',
    },
    {
      Icon: CircleAlert,
      tone: 'text-amber-700 dark:text-amber-300',
      status: t('mismatch'),
      text: zh
        ? 'HE K, ZHANG X, REN S, et al. Deep residual learning for image recognition[C]//CVPR. 2015.'
        : 'He, K., et al. (2015). Deep residual learning for image recognition. CVPR.',
      note: t('demoYearNote', { venue: 'CVPR 2016', from: 2015, to: 2016 }),
    },
    {
      Icon: CircleX,
      tone: 'text-destructive',
      status: t('notFound'),
      text: zh
        ? 'SMITH J. Quantum transformers for citation graphs[J]. Journal of Imaginary Research, 2021.'
        : 'Smith, J. (2021). Quantum transformers for citation graphs. J. Imaginary Res.',
      note: t('demoNotFoundNote'),
    },
  ];
  return (
    <figure className="rounded-xl border border-border bg-card/90 p-5 shadow-sm" aria-label={t('title')}>
      <ul className="space-y-4">
        {rows.map(({ Icon, tone, status, text, note }) => (
          <li key={status} className="flex gap-3">
            <Icon className={`mt-0.5 size-5 shrink-0 ${tone}`} aria-hidden />
            <div className="min-w-0 space-y-1">
              <p className={`text-xs font-semibold tracking-wide uppercase ${tone}`}>{status}</p>
              <p className="text-sm">{text}</p>
              {note ? <p className="font-mono text-xs text-muted-foreground">{note}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}

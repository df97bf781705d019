import { CheckCircle2, CircleDotDashed, CircleHelp, CloudOff, SpellCheck, TriangleAlert } from 'lucide-react';

/** How a reference check's verdict looks wherever it is shown: the check report and the library. */
export const verdictLook = {
  verified: { icon: CheckCircle2, className: 'border-success/40 text-success' },
  // The work, written with slips its record corrects: real, but not as written.
  corrected: { icon: SpellCheck, className: 'border-teal-600/50 text-teal-700 dark:text-teal-300' },
  // The work, but with fields no record holds: neither confirmed nor contradicted.
  partial: { icon: CircleDotDashed, className: 'border-sky-600/50 text-sky-700 dark:text-sky-300' },
  mismatch: { icon: TriangleAlert, className: 'border-amber-500/50 text-amber-700 dark:text-amber-300' },
  not_found: { icon: CircleHelp, className: 'border-destructive/50 text-destructive' },
  // Neutral: nothing is known against the reference, only that the sources that could tell did not answer.
  unchecked: { icon: CloudOff, className: 'border-border text-muted-foreground' },
} as const;

import { CheckCircle2, CircleHelp, CloudOff, TriangleAlert } from 'lucide-react';

/** How a reference check's verdict looks wherever it is shown: the check report and the library. */
export const verdictLook = {
  verified: { icon: CheckCircle2, className: 'border-success/40 text-success' },
  mismatch: { icon: TriangleAlert, className: 'border-amber-500/50 text-amber-700 dark:text-amber-300' },
  not_found: { icon: CircleHelp, className: 'border-destructive/50 text-destructive' },
  // Neutral: nothing is known against the reference, only that the sources that could tell did not answer.
  unchecked: { icon: CloudOff, className: 'border-border text-muted-foreground' },
} as const;

'use client';

import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { StyleOption } from '@/features/papers/types';

/** A citation style chooser over the styles the server offers (the cite box, the notes editor). */
export function CitationStyleSelect(props: { styles: StyleOption[]; value: string; onChange: (style: string) => void; className?: string; testId: string }) {
  return (
    <select
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      className={cn(inputClasses, 'h-9 w-auto', props.className)}
      data-testid={props.testId}
    >
      {props.styles.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

import { Monitor, Moon, Sun } from 'lucide-react';

/** The colour modes a person can choose, in order: the top bar's switch and the settings page offer the same. */
export const themeOptions = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
] as const;

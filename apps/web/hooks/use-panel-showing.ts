'use client';

import { createContext, useContext } from 'react';

/**
 * Whether the tab panel around a component is the one showing (true outside any tabs). Panels stay mounted so their
 * work survives switching tabs; a component in a hidden one reads this to stop acting on the page (the address).
 */
export const PanelShowing = createContext(true);

export function usePanelShowing(): boolean {
  return useContext(PanelShowing);
}

'use client';

import dynamic from 'next/dynamic';

/**
 * The error screen as the error boundaries render it. Boundaries are part of every page, so the
 * screen's code is loaded only when one actually shows (and is still rendered on the server).
 */
export const LazyErrorScreen = dynamic(() => import('./error-screen').then((module) => module.ErrorScreen));

'use client';

import dynamic from 'next/dynamic';

/** The `default` layout's frame in chunks of its own, for the reason given in dashboard-chrome-lazy.tsx. */
export const AppChrome = dynamic(() => import('./app-chrome').then((module) => module.AppChrome));

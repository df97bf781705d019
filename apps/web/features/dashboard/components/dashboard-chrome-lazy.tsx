'use client';

import dynamic from 'next/dynamic';

/**
 * The dashboard's frame in chunks of its own. Next maps a client component that several layouts import to
 * the chunks of one of those layouts, and every page that renders the component then loads them: when the
 * signed-in layout imported SiteProviders itself, every public page downloaded the account menu, the auth
 * state and the Supabase client. So the layout imports nothing but this loader, which also brings its own
 * language provider (next-intl's is such a shared component too).
 */
export const DashboardChrome = dynamic(() => import('./dashboard-chrome').then((module) => module.DashboardChrome));

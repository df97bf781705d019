import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';
import { SiteProviders } from '@/components/site-providers';

// HTTP 403 'no access' when the admin layout calls forbidden() for an account without the admin role.
export default function Forbidden() {
  return (
    <SiteProviders>
      <main id="main" className="flex flex-1 flex-col">
        <ErrorScreen status={403} />
      </main>
    </SiteProviders>
  );
}

import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';

// HTTP 401 when a page calls unauthorized().
export default function Unauthorized() {
  return <ErrorScreen status={401} />;
}

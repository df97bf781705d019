import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';

// HTTP 403 when a page calls forbidden().
export default function Forbidden() {
  return <ErrorScreen status={403} />;
}

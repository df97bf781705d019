import { ErrorScreen } from '@/components/error-screen';

// HTTP 403 when a page calls forbidden().
export default function Forbidden() {
  return <ErrorScreen status={403} />;
}

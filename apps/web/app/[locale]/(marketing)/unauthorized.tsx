import { ErrorScreen } from '@/components/error-screen';

// HTTP 401 when a page calls unauthorized().
export default function Unauthorized() {
  return <ErrorScreen status={401} />;
}

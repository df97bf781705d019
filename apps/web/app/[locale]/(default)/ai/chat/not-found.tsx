import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';

// HTTP 404 inside the `default` layout (an unknown app, another account's conversation). It must not read server
// translations: boundaries render before the layout registers the language.
export default function NotFound() {
  return <ErrorScreen status={404} />;
}

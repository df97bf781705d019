import { LazyErrorScreen as ErrorScreen } from '@/components/error-screen-lazy';

// HTTP 404 inside the site shell, for unmatched URLs ([...rest]) and every notFound() in this group.
// It must not read server translations: boundaries render before the layout registers the language.
export default function NotFound() {
  return <ErrorScreen status={404} />;
}

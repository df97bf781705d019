import { notFound } from 'next/navigation';

// Any path that no page matches lands here and answers with the localised 404 screen.
export default function UnmatchedPage() {
  notFound();
}

import { data } from 'react-router';
import { NotFoundView } from '../app/status-pages.tsx';
import { useSite } from '../app/site-context.tsx';

/** Unknown paths answer 404 (spec §2). */
export function loader() {
  return data(null, { status: 404 });
}

/** The not-found page inside the site frame. */
export function Component() {
  const { platform } = useSite();
  return <NotFoundView variant={platform} />;
}

import { lazy, Suspense } from 'react';
import { useSite } from '../../app/site-context.tsx';
import { HomeH5 } from './home-page.h5.tsx';
import { homeLoader } from './home-data.ts';

/** Route loader of `/`. */
export const loader = homeLoader;

// The desktop view (with the QR code library) is split off so phones never download it.
const HomePc = lazy(() => import('./home-page.pc.tsx').then((m) => ({ default: m.HomePc })));

/** `/`: picks the pc or h5 view once per render from the site platform. */
export function Component() {
  const { platform } = useSite();
  if (platform === 'h5') return <HomeH5 />;
  return (
    <Suspense fallback={null}>
      <HomePc />
    </Suspense>
  );
}

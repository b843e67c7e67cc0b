import { Suspense } from 'react';
import { preloadableLazy } from '../../shared/preloadable-lazy.ts';
import { useSite } from '../../app/site-context.tsx';
import { HomeH5 } from './home-page.h5.tsx';
import { homeLoader } from './home-data.ts';

/** Route loader of `/`. */
export const loader = homeLoader;

// The desktop view (with the QR code library) is split off so phones never download it.
const pc = preloadableLazy(
  () => import('./home-page.pc.tsx'),
  (m) => m.HomePc,
);
const HomePc = pc.Component;

/** Before hydrating a desktop page, its view is loaded (see entry-client). */
export function beforeHydrate(): Promise<unknown> {
  if (document.documentElement.dataset.platform === 'h5') return Promise.resolve();
  return pc.preload();
}

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

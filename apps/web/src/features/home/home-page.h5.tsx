import { HomeCategories, HomeThreads, PostButton } from './home-regions.tsx';
import { HomeHeaderSlots, HomePinnedSlots, HomeTabsSlot } from './home-slots.tsx';

/** Mobile home: site banner, tabs, pinned threads and the list in one column, with their plugin slots. */
export function HomeH5() {
  return (
    <div className="home home--h5" data-testid="home">
      <HomeHeaderSlots variant="h5" />
      <HomeTabsSlot variant="h5" />
      <HomeCategories variant="h5" />
      <HomePinnedSlots variant="h5" />
      <HomeThreads variant="h5" />
      <PostButton variant="h5" />
    </div>
  );
}

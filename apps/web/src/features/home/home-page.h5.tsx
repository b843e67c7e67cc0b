import {
  HomeCategories,
  HomePinned,
  HomeSiteInfo,
  HomeTabs,
  HomeThreads,
  PostButton,
} from './home-regions.tsx';

/** Mobile home: site banner, tabs, pinned threads and the list in one column. */
export function HomeH5() {
  return (
    <div className="home home--h5" data-testid="home">
      <HomeSiteInfo variant="h5" />
      <HomeTabs variant="h5" />
      <HomeCategories variant="h5" />
      <HomePinned variant="h5" />
      <HomeThreads variant="h5" />
      <PostButton variant="h5" />
    </div>
  );
}

import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSite } from '../../app/site-context.tsx';
import { HomeCategories, HomePinned, HomeTabs, HomeThreads, PostButton } from './home-regions.tsx';

/** Mobile home: site banner, tabs, pinned threads and the list in one column. */
export function HomeH5() {
  const { t } = useTranslation();
  const { forum } = useSite();
  const s = forum.setSite;
  return (
    <div className="home home--h5" data-testid="home">
      <section className="home-banner" data-region="header">
        <h1 className="home-banner__name">{s.siteName || t('app.welcome')}</h1>
        {s.siteIntroduction && <p className="home-banner__intro">{s.siteIntroduction}</p>}
        <p className="home-banner__count">
          {t('home.siteCount', {
            threads: s.siteCount.threads,
            posts: s.siteCount.posts,
            users: s.siteCount.users,
          })}
        </p>
      </section>
      <HomeTabs variant="h5" />
      <HomeCategories variant="h5" />
      <HomePinned variant="h5" />
      <HomeThreads variant="h5" />
      <PostButton variant="h5" />
    </div>
  );
}

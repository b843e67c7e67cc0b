import { Link } from 'react-router';
import { useViewerData } from '../../app/overlay.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Variant } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { ThreadCard } from '../threads/thread-card.tsx';
import { ListEnd, PcPager, useMoreThreads } from '../threads/thread-pages.tsx';
import { fetchThreads, HOME_TABS, type HomeData, type HomeTab } from './home-data.ts';

/** Address of a home view; page 1 and "all" are left out so the canonical home stays `/`. */
export function homeHref(tab: HomeTab, categoryId: number, page = 1): string {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('tab', tab);
  if (categoryId > 0) q.set('categoryId', String(categoryId));
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/?${s}` : '/';
}

/** Home tabs per the `thread_tab` setting; "following" only for logged-in visitors. */
export function HomeTabs({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { isLogin } = useSite();
  const data = useViewerData<HomeData>();
  const tabs = HOME_TABS.filter((tab) => tab !== 'following' || isLogin);
  return (
    <nav
      className={`home-tabs home-tabs--${variant}`}
      data-region="tabs"
      role="tablist"
      aria-label={t('home.tabs')}
    >
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={homeHref(tab, data.categoryId)}
          role="tab"
          aria-selected={tab === data.tab}
          className={`home-tabs__tab${tab === data.tab ? ' is-active' : ''}`}
          data-tab={tab}
        >
          {t(`tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

/** Category filter: a list in the left column on pc, a horizontal strip on h5. */
export function HomeCategories({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const data = useViewerData<HomeData>();
  const items = [
    { categoryId: 0, name: t('home.all'), threadCount: -1 },
    ...data.categories.flatMap((c) => [c, ...c.children]),
  ];
  return (
    <ul className={`home-categories home-categories--${variant}`} data-testid="categories">
      {items.map((c) => (
        <li key={c.categoryId} className={c.categoryId === data.categoryId ? 'is-active' : undefined}>
          <Link to={homeHref(data.tab, c.categoryId)} data-category-id={c.categoryId}>
            {c.name}
            {variant === 'pc' && c.threadCount >= 0 && <span className="muted"> {c.threadCount}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Pinned threads region. */
export function HomePinned({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const data = useViewerData<HomeData>();
  if (!data.pinned.length) return null;
  return (
    <section className={`panel home-pinned home-pinned--${variant}`} data-region="pinned">
      <ul className="home-pinned__list">
        {data.pinned.map((p) => (
          <li key={p.threadId} data-testid="pinned-item">
            <span className="tag tag--pin">{t('list.pinned')}</span>
            <Link to={`/thread/${p.threadId}`}>{p.title || p.summary}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The thread list: pages on pc, infinite scroll on h5. */
export function HomeThreads({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const data = useViewerData<HomeData>();
  const more = useMoreThreads(data.threads, (page) => fetchThreads(data.tab, data.categoryId, page));
  if (!forum.installed) {
    return (
      <section className="panel" data-region="threads">
        <p className="muted">
          {t('home.notInstalled')} <Link to="/install">{t('home.goInstall')}</Link>
        </p>
      </section>
    );
  }
  const list = variant === 'h5' ? [...data.threads.pageData, ...more.extra] : data.threads.pageData;
  return (
    <section
      className={`home-threads home-threads--${variant}`}
      data-region="threads"
      data-testid="thread-list"
    >
      {list.length === 0 && <p className="panel muted">{t('list.empty')}</p>}
      {list.map((th) => (
        <ThreadCard key={th.threadId} thread={th} variant={variant} />
      ))}
      {variant === 'pc' ? (
        <PcPager
          page={data.page}
          total={data.threads.totalPage}
          hrefFor={(page) => homeHref(data.tab, data.categoryId, page)}
        />
      ) : (
        list.length > 0 && <ListEnd more={more} />
      )}
    </section>
  );
}

/** Recommendations region (`thread.recommends`): administrator's picks first, then the hottest threads. */
export function HomeRecommend() {
  const { t } = useTranslation();
  const data = useViewerData<HomeData>();
  return (
    <section className="panel" data-region="recommend" data-testid="recommend">
      <h2 className="panel__title">{t('home.recommend')}</h2>
      {data.recommended.length === 0 ? (
        <p className="muted">{t('home.noRecommend')}</p>
      ) : (
        <ol className="home-recommend">
          {data.recommended.map((r) => (
            <li key={r.threadId} data-testid="recommend-item" data-site={r.isSite ? '1' : undefined}>
              <Link to={`/thread/${r.threadId}`}>{r.title}</Link>
              <span className="home-recommend__views muted">{t('list.views', { count: r.viewCount })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The "new thread" entry, shown only when the visitor may create threads. */
export function PostButton({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { forum } = useSite();
  if (!forum.otherPermissions.canCreateThread) return null;
  return (
    <Link
      to="/thread/post"
      className={`post-button post-button--${variant}`}
      data-testid="post-button"
      aria-label={t('list.post')}
    >
      {variant === 'h5' ? '+' : t('list.post')}
    </Link>
  );
}

/** Copyright region of the right column. */
export function HomeCopyright() {
  const { t } = useTranslation();
  const { forum } = useSite();
  const s = forum.setSite;
  return (
    <section className="home-copyright muted" data-region="copyright">
      <p>
        {t('footer.copyright', { year: new Date().getFullYear(), siteName: s.siteName || t('app.welcome') })}
      </p>
      {s.siteRecord && <p>{s.siteRecord}</p>}
    </section>
  );
}

/** The site's name, introduction and counts: a banner on h5, the first right-column panel on pc. */
export function HomeSiteInfo({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const s = forum.setSite;
  const pc = variant === 'pc';
  const name = s.siteName || t('app.welcome');
  const count = [
    t('home.threadCount', { count: s.siteCount.threads }),
    t('home.postCount', { count: s.siteCount.posts }),
    t('home.userCount', { count: s.siteCount.users }),
  ].join(' · ');
  // The admin's header logo and background picture dress the phone banner (the original's h5 home header).
  const logo = s.siteHeaderLogo || s.siteLogo;
  const background =
    !pc && s.siteBackgroundImage
      ? { backgroundImage: `url(${JSON.stringify(s.siteBackgroundImage)})` }
      : undefined;
  return (
    <section className={pc ? 'panel' : 'home-banner'} data-region="header" style={background}>
      {!pc && logo && <img className="home-banner__logo" src={logo} alt="" height={36} />}
      {pc ? <h2 className="panel__title">{name}</h2> : <h1 className="home-banner__name">{name}</h1>}
      {s.siteIntroduction && <p className={pc ? 'muted' : 'home-banner__intro'}>{s.siteIntroduction}</p>}
      <p className={pc ? 'muted' : 'home-banner__count'}>{count}</p>
    </section>
  );
}

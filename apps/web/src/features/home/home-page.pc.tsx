import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSite } from '../../app/site-context.tsx';
import {
  HomeCategories,
  HomeCopyright,
  HomePinned,
  HomeRecommend,
  HomeSiteInfo,
  HomeTabs,
  HomeThreads,
  PostButton,
} from './home-regions.tsx';
import { HomeQrCode } from './home-qrcode.tsx';

/** Desktop home: left column, centre (tabs, pinned, list), right column (site, recommendations, QR, copyright). */
export function HomePc() {
  const { t } = useTranslation();
  const { forum, origin } = useSite();
  const s = forum.setSite;
  const h5Address = (s.siteUrl || origin).replace(/\/+$/, '') + '/';
  return (
    <div className="home home--pc" data-testid="home">
      <aside className="home__left" data-region="left">
        <section className="panel">
          <h2 className="panel__title">{t('home.left')}</h2>
          <HomeCategories variant="pc" />
        </section>
      </aside>
      <div className="home__centre">
        <div className="home__bar">
          <HomeTabs variant="pc" />
          <PostButton variant="pc" />
        </div>
        <HomePinned variant="pc" />
        <HomeThreads variant="pc" />
      </div>
      <aside className="home__right" data-region="right">
        <HomeSiteInfo variant="pc" />
        <HomeRecommend />
        <section className="panel home-qrcode" data-region="qrcode">
          <HomeQrCode value={h5Address} />
          <p className="muted">{t('home.qrcode')}</p>
        </section>
        <HomeCopyright />
      </aside>
    </div>
  );
}

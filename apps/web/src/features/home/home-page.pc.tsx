import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSite } from '../../app/site-context.tsx';
import { HomeCategories, HomeCopyright, HomeThreads, PostButton } from './home-regions.tsx';
import { HomeQrCode } from './home-qrcode.tsx';
import { PluginSlot } from '../../plugins/plugin-slot.tsx';
import {
  HomeColumnSlot,
  HomeHeaderSlots,
  HomePinnedSlots,
  HomeRecommendSlot,
  HomeTabsSlot,
} from './home-slots.tsx';

/**
 * Desktop home: left column, centre (tabs, pinned, list), right column (site, recommendations, QR, copyright),
 * each region a plugin slot of spec §2.
 */
export function HomePc() {
  const { t } = useTranslation();
  const { forum, origin } = useSite();
  const s = forum.setSite;
  const h5Address = (s.siteUrl || origin).replace(/\/+$/, '') + '/';
  return (
    <div className="home home--pc" data-testid="home">
      <aside className="home__left" data-region="left">
        <HomeColumnSlot side="left">
          <section className="panel">
            <h2 className="panel__title">{t('home.left')}</h2>
            <HomeCategories variant="pc" />
          </section>
        </HomeColumnSlot>
      </aside>
      <div className="home__centre">
        <div className="home__bar">
          <HomeTabsSlot variant="pc" />
          <PostButton variant="pc" />
        </div>
        <HomePinnedSlots variant="pc" />
        <HomeThreads variant="pc" />
      </div>
      <aside className="home__right" data-region="right">
        <HomeColumnSlot side="right">
          <HomeHeaderSlots variant="pc" />
          <HomeRecommendSlot />
          <PluginSlot target="plugin_index" hook="qrcode_replace_hook">
            <section className="panel home-qrcode" data-region="qrcode">
              <HomeQrCode value={h5Address} />
              <p className="muted">{t('home.qrcode')}</p>
            </section>
          </PluginSlot>
          <PluginSlot target="plugin_index" hook="copyright_replace_hook">
            <HomeCopyright />
          </PluginSlot>
        </HomeColumnSlot>
      </aside>
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Variant } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';

/** Home tabs region (the threads issue fills in categories). */
export function HomeTabs({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  return (
    <div
      className={`home-tabs home-tabs--${variant}`}
      data-region="tabs"
      role="tablist"
      aria-label={t('home.tabs')}
    >
      <span className="home-tabs__tab is-active" role="tab" aria-selected="true">
        {t('home.all')}
      </span>
    </div>
  );
}

/** Pinned threads region. */
export function HomePinned({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  return (
    <section className={`panel home-pinned home-pinned--${variant}`} data-region="pinned">
      <h2 className="panel__title">{t('home.pinned')}</h2>
      <p className="muted">{t('home.noPinned')}</p>
    </section>
  );
}

/** The thread list region; the threads issue replaces the placeholder. */
export function HomeThreads({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { forum } = useSite();
  return (
    <section className={`panel home-threads home-threads--${variant}`} data-region="threads">
      <h2 className="panel__title">{t('home.threads')}</h2>
      {!forum.installed ? (
        <p className="muted">
          {t('home.notInstalled')} <Link to="/install">{t('home.goInstall')}</Link>
        </p>
      ) : (
        <p className="muted">{t('home.noThreads')}</p>
      )}
    </section>
  );
}

/** Recommendations region. */
export function HomeRecommend() {
  const { t } = useTranslation();
  return (
    <section className="panel" data-region="recommend">
      <h2 className="panel__title">{t('home.recommend')}</h2>
      <p className="muted">{t('home.noRecommend')}</p>
    </section>
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

import { formatDate, formatNumber, type SlotRenderProps } from '@forum/plugin-sdk';
import { text, type AboutKey } from './strings.ts';

const FIGURES: ReadonlyArray<{ key: AboutKey; of: 'threads' | 'posts' | 'users' }> = [
  { key: 'threads', of: 'threads' },
  { key: 'posts', of: 'posts' },
  { key: 'users', of: 'users' },
];

/** The install day in the page's language, or '' when the site does not say (the same on server and browser). */
function day(iso: string, lang: 'zh' | 'en'): string {
  const ymd = /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0];
  return ymd ? formatDate(`${ymd}T00:00:00Z`, lang, { timeZone: 'UTC' }) : '';
}

/** `/plugin/about`: the site's name and introduction from the `site` input, and its public figures. */
export function AboutPage({ site, router }: SlotRenderProps<'plugin_system@add_page_hook'>) {
  const { lang, platform, setSite } = site;
  const since = day(setSite.siteInstall, lang);
  return (
    <section
      className="panel"
      data-testid="about-page"
      style={{ padding: platform === 'pc' ? '24px 28px' : '16px', lineHeight: 1.8 }}
    >
      <h1 className="panel__title" data-testid="about-title">
        {text(lang, 'title')}
      </h1>
      <h2 style={{ fontSize: 18, margin: '8px 0' }} data-testid="about-site-name">
        {setSite.siteName || text(lang, 'defaultSite')}
      </h2>
      <p data-testid="about-intro" style={{ whiteSpace: 'pre-wrap', margin: '0 0 12px' }}>
        {setSite.siteIntroduction || text(lang, 'noIntro')}
      </p>
      <dl
        aria-label={text(lang, 'stats')}
        style={{ display: 'flex', gap: platform === 'pc' ? 32 : 20, margin: '0 0 12px' }}
      >
        {FIGURES.map((f) => (
          <div key={f.key}>
            <dt className="muted" style={{ fontSize: 12 }}>
              {text(lang, f.key)}
            </dt>
            <dd style={{ margin: 0, fontSize: 20, fontWeight: 600 }} data-testid={`about-${f.of}`}>
              {formatNumber(setSite.siteCount[f.of], lang)}
            </dd>
          </div>
        ))}
      </dl>
      {since && <p className="muted">{text(lang, 'since', { date: since })}</p>}
      <a
        href="/"
        data-testid="about-home"
        onClick={(e) => {
          // The site's router: no page load, and plugins listening to navigation hear it.
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          void router.push('/');
        }}
      >
        {text(lang, 'home')}
      </a>
    </section>
  );
}

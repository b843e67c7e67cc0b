import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import type { Variant } from '@forum/ui';
import { useLocation } from 'react-router';
import { PREFERENCE_PATH } from '../i18n/i18n.ts';
import { useSite } from '../app/site-context.tsx';

/** Spec §2 footer: year and site name, powered-by with version, optional record numbers; plus theme and language. */
export function Footer({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { forum, theme, setTheme, lang, setLang } = useSite();
  const site = forum.setSite;
  const year = new Date().getFullYear();
  // Plain links to the server's /preference, back to this page: a click made before the script has taken over
  // still switches; after it, the switch happens in place.
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(pathname + search);
  const linkTo = (name: 'lang' | 'theme', value: string) => `${PREFERENCE_PATH}?${name}=${value}&to=${back}`;
  return (
    <footer className={`site-footer site-footer--${variant}`} data-testid="footer">
      <p>{t('footer.copyright', { year, siteName: site.siteName || t('app.welcome') })}</p>
      <p>{t('footer.poweredBy', { product: t('app.product'), version: site.version })}</p>
      {(site.siteRecord || site.siteRecordCode) && (
        <p className="site-footer__records">
          {site.siteRecord && <span data-testid="site-record">{site.siteRecord}</span>}
          {site.siteRecordCode && (
            <span className="site-footer__police" data-testid="site-record-code">
              <img src="/static/police.svg" alt="" width={14} height={14} />
              {site.siteRecordCode}
            </span>
          )}
        </p>
      )}
      <p className="site-footer__prefs">
        <span>{t('footer.theme')}:</span>
        <PrefLink
          on={theme === 'light'}
          href={linkTo('theme', 'light')}
          pick={() => setTheme('light')}
          id="theme-light"
        >
          {t('footer.light')}
        </PrefLink>
        <PrefLink
          on={theme === 'dark'}
          href={linkTo('theme', 'dark')}
          pick={() => setTheme('dark')}
          id="theme-dark"
        >
          {t('footer.dark')}
        </PrefLink>
        <span>{t('footer.language')}:</span>
        <PrefLink on={lang === 'zh'} href={linkTo('lang', 'zh')} pick={() => setLang('zh')} id="lang-zh">
          中文
        </PrefLink>
        <PrefLink on={lang === 'en'} href={linkTo('lang', 'en')} pick={() => setLang('en')} id="lang-en">
          English
        </PrefLink>
      </p>
    </footer>
  );
}

/** One switch of the footer: a link that works without the script, done in place once it runs. */
function PrefLink(props: { on: boolean; href: string; pick: () => void; id: string; children: ReactNode }) {
  return (
    <a
      href={props.href}
      aria-current={props.on ? 'true' : undefined}
      rel="nofollow"
      onClick={(e) => {
        e.preventDefault();
        props.pick();
      }}
      data-testid={props.id}
    >
      {props.children}
    </a>
  );
}

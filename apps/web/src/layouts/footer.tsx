import { useTranslation } from '../i18n/use-translation.tsx';
import type { Variant } from '@forum/ui';
import { useSite } from '../app/site-context.tsx';

/** Spec §2 footer: year and site name, powered-by with version, optional record numbers; plus theme and language. */
export function Footer({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { forum, theme, setTheme, lang, setLang } = useSite();
  const site = forum.setSite;
  const year = new Date().getFullYear();
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
        <button
          type="button"
          aria-pressed={theme === 'light'}
          onClick={() => setTheme('light')}
          data-testid="theme-light"
        >
          {t('footer.light')}
        </button>
        <button
          type="button"
          aria-pressed={theme === 'dark'}
          onClick={() => setTheme('dark')}
          data-testid="theme-dark"
        >
          {t('footer.dark')}
        </button>
        <span>{t('footer.language')}:</span>
        <button
          type="button"
          aria-pressed={lang === 'zh'}
          onClick={() => setLang('zh')}
          data-testid="lang-zh"
        >
          中文
        </button>
        <button
          type="button"
          aria-pressed={lang === 'en'}
          onClick={() => setLang('en')}
          data-testid="lang-en"
        >
          English
        </button>
      </p>
    </footer>
  );
}

import type { MouseEvent } from 'react';
import type { SlotRenderProps } from '@forum/plugin-sdk';
import { FOOTER_LINKS, type FooterLink } from './footer-links.ts';
import { text } from './strings.ts';

/** Props of the footer: the slot's inputs and, for tests, links other than the configured ones. */
export type CustomFooterProps = SlotRenderProps<'plugin_global@footer_replace_hook'> & {
  links?: readonly FooterLink[];
};

// A plain left click on a link of this site goes through the site's router (no page load, and other plugins
// hear the navigation); modified clicks keep the browser's behaviour (new tab, download...).
function handleClick(e: MouseEvent<HTMLAnchorElement>, go: (href: string) => unknown) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const href = e.currentTarget.getAttribute('href') ?? '';
  if (!href.startsWith('/') || href.startsWith('//')) return;
  e.preventDefault();
  void go(href);
}

/** The site footer replaced (spec §2 global footer replace): the copyright line and a row of links. */
export function CustomFooter({ site, router, links = FOOTER_LINKS }: CustomFooterProps) {
  const { lang, platform, setSite } = site;
  const year = String(new Date().getFullYear());
  const name = setSite.siteName || text(lang, 'defaultSite');
  return (
    <footer
      className={`custom-footer custom-footer--${platform}`}
      data-testid="custom-footer"
      style={{
        padding: platform === 'pc' ? '20px 16px 28px' : '16px 12px 24px',
        borderTop: platform === 'pc' ? '1px solid var(--ui-border)' : undefined,
        background: platform === 'pc' ? 'var(--ui-surface)' : undefined,
        color: 'var(--ui-text-3)',
        fontSize: 12,
        lineHeight: 2,
        textAlign: 'center',
      }}
    >
      <nav aria-label={text(lang, 'links')}>
        <ul
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            gap: platform === 'pc' ? '4px 20px' : '2px 14px',
            margin: 0,
            padding: 0,
            listStyle: 'none',
          }}
        >
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                onClick={(e) => handleClick(e, router.push)}
                style={{ color: 'var(--ui-text-2)' }}
                data-testid="custom-footer-link"
              >
                {link.label[lang]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p style={{ margin: '6px 0 0' }} data-testid="custom-footer-copyright">
        {text(lang, 'copyright', { year, site: name })}
      </p>
      {setSite.siteRecord && <p style={{ margin: 0 }}>{setSite.siteRecord}</p>}
    </footer>
  );
}

/** One link of the footer, labelled in both of the site's languages. */
export interface FooterLink {
  href: string;
  label: { zh: string; en: string };
}

/**
 * The footer's links: a forum edits this list (its admin settings form will, once plugins have settings).
 * Addresses on this site open without a page load; others open as a normal link.
 */
export const FOOTER_LINKS: readonly FooterLink[] = [
  { href: '/', label: { zh: '首页', en: 'Home' } },
  { href: '/plugin/about', label: { zh: '关于本站', en: 'About' } },
  { href: '/search', label: { zh: '发现', en: 'Discover' } },
  { href: '/user/agreement', label: { zh: '用户协议', en: 'Terms of service' } },
];

/** The two layouts of the site (spec §3). */
export type Platform = 'pc' | 'h5';

/** Width at which the layouts switch (spec §9). */
export const PLATFORM_BREAKPOINT = 800;

const MOBILE_UA =
  /Android|webOS|iPhone|iPod|iPad|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS|MicroMessenger/i;

/** The server's choice: h5 for mobile user agents, pc otherwise. */
export function platformFromUserAgent(ua: string | undefined): Platform {
  return ua && MOBILE_UA.test(ua) ? 'h5' : 'pc';
}

/**
 * Narrower than any phone: a width the browser reports only in passing (a full-page capture or print preview
 * shrinks the window to 1 px for a moment; a minimised one reads 0), never one to lay the site out for.
 */
const NARROWEST_SCREEN = 240;

/**
 * The browser's correction on load and on resize: a pc window narrower than 800 px becomes h5, an h5 window
 * 800 px or wider becomes pc unless the device is merely rotated (a landscape phone stays h5). A width no screen
 * has changes nothing: switching would remount the page and lose what the visitor was typing.
 */
export function nextPlatform(current: Platform, width: number, rotated: boolean): Platform {
  if (width < NARROWEST_SCREEN) return current;
  if (current === 'pc' && width < PLATFORM_BREAKPOINT) return 'h5';
  if (current === 'h5' && width >= PLATFORM_BREAKPOINT && !rotated) return 'pc';
  return current;
}

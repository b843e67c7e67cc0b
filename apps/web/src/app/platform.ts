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
 * The browser's correction on load and on resize: a pc window narrower than 800 px becomes h5, an h5 window
 * 800 px or wider becomes pc unless the device is merely rotated (a landscape phone stays h5).
 */
export function nextPlatform(current: Platform, width: number, rotated: boolean): Platform {
  if (current === 'pc' && width < PLATFORM_BREAKPOINT) return 'h5';
  if (current === 'h5' && width >= PLATFORM_BREAKPOINT && !rotated) return 'pc';
  return current;
}

import { useEffect } from 'react';
import { nextPlatform, type Platform } from './platform.ts';

function isRotated(): boolean {
  const angle = window.screen?.orientation?.angle ?? 0;
  return angle === 90 || angle === 270;
}

/** How long a resize must rest before the layout follows: a drag or a capture passes through many widths. */
const SETTLE_MS = 150;

/** Applies the 800 px rule on load and once a resize or rotation settles. */
export function usePlatformSwitch(platform: Platform, setPlatform: (p: Platform) => void): void {
  useEffect(() => {
    const apply = () => {
      const next = nextPlatform(platform, window.innerWidth, isRotated());
      if (next !== platform) setPlatform(next);
    };
    apply();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, SETTLE_MS);
    };
    window.addEventListener('resize', settle);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', settle);
    };
  }, [platform, setPlatform]);
  useEffect(() => {
    document.documentElement.dataset.platform = platform;
  }, [platform]);
}

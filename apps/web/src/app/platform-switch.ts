import { useEffect } from 'react';
import { nextPlatform, type Platform } from './platform.ts';

function isRotated(): boolean {
  const angle = window.screen?.orientation?.angle ?? 0;
  return angle === 90 || angle === 270;
}

/** Applies the 800 px rule on load and on every resize or rotation. */
export function usePlatformSwitch(platform: Platform, setPlatform: (p: Platform) => void): void {
  useEffect(() => {
    const apply = () => {
      const next = nextPlatform(platform, window.innerWidth, isRotated());
      if (next !== platform) setPlatform(next);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [platform, setPlatform]);
  useEffect(() => {
    document.documentElement.dataset.platform = platform;
  }, [platform]);
}

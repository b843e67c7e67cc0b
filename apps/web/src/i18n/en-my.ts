import type { zhMy } from './zh-my.ts';

/** English strings of the my pages (typed against the Chinese set). */
export const enMy: typeof zhMy = {};

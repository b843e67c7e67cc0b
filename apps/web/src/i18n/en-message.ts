import type { zhMessage } from './zh-message.ts';

/** English strings of the message pages (typed against the Chinese set). */
export const enMessage: typeof zhMessage = {};

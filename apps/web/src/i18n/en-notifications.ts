import type { zhNotifications } from './zh-notifications.ts';

/** English strings of the notifications pages (typed against the Chinese set). */
export const enNotifications: typeof zhNotifications = {};

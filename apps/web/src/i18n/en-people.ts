import type { zhPeople } from './zh-people.ts';

/** English strings of the people pages (typed against the Chinese set). */
export const enPeople: typeof zhPeople = {};

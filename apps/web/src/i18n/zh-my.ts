/** Chinese strings of the my pages (issue 9); loaded with their routes (messages.ts). */
export const zhMy = {};

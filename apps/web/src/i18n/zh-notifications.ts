/** Chinese strings of the notifications pages (issue 9); loaded with their routes (messages.ts). */
export const zhNotifications = {};

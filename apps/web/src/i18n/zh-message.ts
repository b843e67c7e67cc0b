/** Chinese strings of the message pages (issue 9); loaded with their routes (messages.ts). */
export const zhMessage = {};

/** Chinese strings of the people pages (issue 9); loaded with their routes (messages.ts). */
export const zhPeople = {};

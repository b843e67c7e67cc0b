/**
 * The first `freeWords` (0 to 1) of a paid thread's plain text: what a non-payer reads (paid.policy.ts) and
 * all that search indexes (threads.repository.ts). Its own module so both can use it without a cycle.
 */
export function freePlain(text: string, freeWords: number): string {
  return text.slice(0, Math.floor(text.length * Math.min(1, Math.max(0, freeWords))));
}

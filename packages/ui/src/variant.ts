/** Layout variant a leaf component is drawn for; the page decides it, components never sniff the user agent. */
export type Variant = 'pc' | 'h5';

/** Joins class names, skipping empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

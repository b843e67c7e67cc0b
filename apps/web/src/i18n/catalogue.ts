/**
 * A language's strings typed against the Chinese set: the same keys, and besides them the CLDR singular forms
 * (`replies_one: '{{count}} reply'`) a language needs where Chinese has one form. The translator picks
 * `key_one` for a count of 1 in English and falls back to `key` (translator.ts).
 */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> } & {
  [singular: `${string}_one`]: string;
};

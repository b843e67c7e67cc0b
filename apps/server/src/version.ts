import { readFileSync } from 'node:fs';

/** The product version, from the server package. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

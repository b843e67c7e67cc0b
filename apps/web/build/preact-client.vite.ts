import path from 'node:path';
import type { Plugin } from 'vite';

const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * The browser bundle runs Preact's React layer instead of react-dom (about 55 KB gzip less first-load script on
 * every page); the server keeps rendering with React, so streaming, status codes and the client-rendered plugin
 * edges do not change, and Preact hydrates React's HTML. Only `vite build` for the browser is affected: dev
 * (React Fast Refresh) and unit tests stay on React. `FORUM_WEB_REACT=1` builds the browser bundle with React.
 */
const TARGETS: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': path.join(SRC, 'preact/client.ts'),
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export function preactClientVite(): Plugin {
  return {
    name: 'forum:preact-client',
    enforce: 'pre',
    apply: (_config, { command }) => command === 'build' && process.env.FORUM_WEB_REACT !== '1',
    applyToEnvironment: (env) => env.name === 'client',
    resolveId(source, importer, options) {
      const target = TARGETS[source];
      // The shim itself imports the real Preact client.
      if (!target || importer === TARGETS['react-dom/client']) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

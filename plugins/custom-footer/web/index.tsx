import { lazy } from 'react';
import { definePluginUI } from '@forum/plugin-sdk';

// The view loads as its own chunk: the site's first-load script carries only the descriptor.
const CustomFooter = lazy(() => import('./custom-footer.tsx').then((m) => ({ default: m.CustomFooter })));

/** The custom footer: replaces the core footer on every page, on both layouts. */
export default definePluginUI({
  pluginName: 'custom-footer',
  version: '1.0.0',
  author: { name: 'Forum team', email: 'team@example.invalid' },
  type: 4,
  appid: 'custom-footer',
  platform: ['pc', 'h5'],
  target: 'plugin_global',
  hookName: 'footer_replace_hook',
  component: CustomFooter,
});

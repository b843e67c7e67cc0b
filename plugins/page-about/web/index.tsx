import { lazy } from 'react';
import { definePluginUI } from '@forum/plugin-sdk';

// The page loads as its own chunk, only when /plugin/about is shown.
const AboutPage = lazy(() => import('./about-page.tsx').then((m) => ({ default: m.AboutPage })));

/** The about page: a system add-page at `/plugin/about`. */
export default definePluginUI({
  pluginName: 'page-about',
  version: '1.0.0',
  author: { name: 'Forum team', email: 'team@example.invalid' },
  type: 4,
  appid: 'page-about',
  platform: ['pc', 'h5'],
  target: 'plugin_system',
  hookName: 'add_page_hook',
  path: 'about',
  component: AboutPage,
});

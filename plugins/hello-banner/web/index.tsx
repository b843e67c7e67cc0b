import { lazy } from 'react';
import { definePluginUI } from '@forum/plugin-sdk';

const about = {
  pluginName: 'hello-banner',
  version: '1.0.0',
  author: { name: 'Forum team', email: 'team@example.invalid' },
  type: 4,
  appid: 'hello-banner',
  platform: ['pc', 'h5'],
} as const;

// The views load as their own chunk, so the site's first-load script carries only these descriptors; the
// server still renders them (it waits for lazy components) and the browser hydrates them once loaded.
const views = () => import('./hello-views.tsx');
const HelloBanner = lazy(() => views().then((m) => ({ default: m.HelloBanner })));
const HelloButton = lazy(() => views().then((m) => ({ default: m.HelloButton })));
const HelloPage = lazy(() => views().then((m) => ({ default: m.HelloPage })));

/** The example plugin's UI: a home banner, a profile button and its own page. */
export default [
  definePluginUI({
    ...about,
    target: 'plugin_index',
    hookName: 'header_insert_after_hook',
    component: HelloBanner,
  }),
  definePluginUI({
    ...about,
    target: 'plugin_user',
    hookName: 'user_extension_action_hook',
    component: HelloButton,
  }),
  definePluginUI({
    ...about,
    target: 'plugin_system',
    hookName: 'add_page_hook',
    path: 'hello',
    component: HelloPage,
  }),
];

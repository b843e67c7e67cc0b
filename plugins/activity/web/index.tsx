import { lazy } from 'react';
import { definePluginUI } from '@forum/plugin-sdk';

const about = {
  pluginName: 'activity',
  version: '1.0.0',
  author: { name: 'Forum team', email: 'team@example.invalid' },
  type: 1,
  appid: 'activity',
  platform: ['pc', 'h5'],
} as const;

// The views are their own chunk: the first-load script carries only these descriptors.
const views = () => import('./activity-views.tsx');
const editor = () => import('./activity-editor.tsx');
const ActivityEntry = lazy(() => editor().then((m) => ({ default: m.ActivityEntry })));
const ActivityDraft = lazy(() => editor().then((m) => ({ default: m.ActivityDraft })));
const ActivityCard = lazy(() => views().then((m) => ({ default: m.ActivityCard })));
const ActivityBadge = lazy(() => views().then((m) => ({ default: m.ActivityBadge })));

/** Activity sign-up: an editor entry, the attached activity in the editor, and its display in threads. */
export default [
  definePluginUI({
    ...about,
    target: 'plugin_post',
    hookName: 'post_extension_entry_hook',
    component: ActivityEntry,
  }),
  definePluginUI({
    ...about,
    target: 'plugin_post',
    hookName: 'post_extension_content_hook',
    component: ActivityDraft,
  }),
  definePluginUI({
    ...about,
    target: 'plugin_detail',
    hookName: 'thread_extension_display_hook',
    component: ActivityCard,
  }),
  definePluginUI({
    ...about,
    target: 'plugin_index',
    hookName: 'thread_extension_display_hook',
    component: ActivityBadge,
  }),
];

import { defineStrings } from '@forum/plugin-sdk';

/** The plugin's own strings: Chinese first (the site's default), English complete. */
export const text = defineStrings({
  zh: {
    title: '关于本社区',
    defaultSite: '本社区',
    noIntro: '站长还没有写社区介绍。',
    stats: '数据',
    threads: '主题',
    posts: '回复',
    users: '成员',
    since: '创建于 {{date}}',
    home: '去首页看看',
  },
  en: {
    title: 'About this community',
    defaultSite: 'This community',
    noIntro: 'The site owner has not written an introduction yet.',
    stats: 'Figures',
    threads: 'Threads',
    posts: 'Replies',
    users: 'Members',
    since: 'Founded {{date}}',
    home: 'Visit the home page',
  },
});

/** A string key of the plugin. */
export type AboutKey = Parameters<typeof text>[1];

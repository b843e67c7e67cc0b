/** The plugin's own strings: Chinese first (the site's default), English complete. */
const strings = {
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
} as const;

/** A string key of the plugin. */
export type AboutKey = keyof (typeof strings)['zh'];

/** A string of the plugin in the site's language, with `{{date}}` filled in. */
export function text(lang: 'zh' | 'en', key: AboutKey, date = ''): string {
  return strings[lang][key].replace('{{date}}', date);
}

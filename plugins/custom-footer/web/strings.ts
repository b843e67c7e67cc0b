/** The plugin's own strings: Chinese first (the site's default), English complete. */
const strings = {
  zh: {
    copyright: '© {{year}} {{site}} 版权所有',
    defaultSite: '本社区',
    links: '页脚链接',
  },
  en: {
    copyright: '© {{year}} {{site}}. All rights reserved.',
    defaultSite: 'This community',
    links: 'Footer links',
  },
} as const;

/** A string of the plugin in the site's language, with `{{year}}` and `{{site}}` filled in. */
export function text(
  lang: 'zh' | 'en',
  key: keyof (typeof strings)['zh'],
  vars: Record<string, string> = {},
) {
  return strings[lang][key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
}

import { defineStrings } from '@forum/plugin-sdk';

/** The plugin's own strings: Chinese first (the site's default), English complete. */
export const text = defineStrings({
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
});

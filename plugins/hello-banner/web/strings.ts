import { defineStrings } from '@forum/plugin-sdk';

/** The plugin's own strings: Chinese first (the site's default), English complete. */
export const text = defineStrings({
  zh: {
    banner: '你好！这是「你好横幅」插件放在首页的横幅。',
    bannerLink: '看看插件页面',
    wave: '打个招呼',
    waved: '已打招呼',
    pageTitle: '你好，插件',
    pageIntro: '这个页面由示例插件提供，地址是 /plugin/hello。',
    guest: '访客你好！登录后这里会叫出你的名字。',
    member: '欢迎你，{{name}}！',
    site: '站点：{{name}}',
  },
  en: {
    banner: 'Hello! This banner on the home page comes from the "hello banner" plugin.',
    bannerLink: 'See the plugin page',
    wave: 'Say hello',
    waved: 'Hello said',
    pageTitle: 'Hello, plugin',
    pageIntro: 'This page is served by the example plugin at /plugin/hello.',
    guest: 'Hello, visitor! Log in and this line will use your name.',
    member: 'Welcome, {{name}}!',
    site: 'Site: {{name}}',
  },
});

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { validatePluginDescriptor, validatePluginManifest } from '@forum/contracts/plugin-rules';
import type { SlotRenderProps } from '@forum/plugin-sdk';
import manifest from '../plugin.json' with { type: 'json' };
import { AboutPage } from './about-page.tsx';
import descriptor from './index.tsx';

function props(lang: 'zh' | 'en', setSite: Record<string, unknown>) {
  return {
    site: {
      lang,
      platform: 'h5',
      setSite: {
        siteName: '',
        siteIntroduction: '',
        siteInstall: '',
        siteCount: { threads: 0, posts: 0, users: 0 },
        ...setSite,
      },
    },
    path: 'about',
    query: {},
    router: { push: async () => true },
    pluginStore: {},
    pluginAction: {},
    userInfo: null,
    isLogin: false,
  } as unknown as SlotRenderProps<'plugin_system@add_page_hook'>;
}

describe('page-about', () => {
  it('is a valid page descriptor served at /plugin/about, agreeing with its plugin.json', () => {
    expect(validatePluginDescriptor(descriptor)).toMatchObject({ ok: true });
    expect(validatePluginManifest(manifest)).toMatchObject({ ok: true });
    expect(descriptor).toMatchObject({
      pluginName: manifest.pluginName,
      target: 'plugin_system',
      hookName: 'add_page_hook',
      path: manifest.path,
    });
    expect(manifest.path).toBe('about');
  });

  it('shows the site name, its introduction and its figures, in Chinese by default', () => {
    const html = renderToString(
      <AboutPage
        {...props('zh', {
          siteName: '读书会',
          siteIntroduction: '一起读书的地方',
          siteInstall: '2024-03-05T08:00:00.000Z',
          siteCount: { threads: 12, posts: 34, users: 5 },
        })}
      />,
    );
    expect(html).toContain('关于本社区');
    expect(html).toContain('读书会');
    expect(html).toContain('一起读书的地方');
    expect(html).toMatch(/data-testid="about-threads">12</);
    expect(html).toMatch(/data-testid="about-users">5</);
    expect(html).toContain('创建于 2024/03/05');
  });

  it('writes its figures and the install day in the page language', () => {
    const html = renderToString(
      <AboutPage
        {...props('en', {
          siteInstall: '2024-03-05 08:00:00',
          siteCount: { threads: 12345, posts: 34, users: 5 },
        })}
      />,
    );
    expect(html).toMatch(/data-testid="about-threads">12,345</);
    expect(html).toContain('Founded 05/03/2024');
    expect(html).not.toMatch(/[\u3400-\u9fff]/);
  });

  it('speaks English and says so when the site has no name or introduction', () => {
    const html = renderToString(<AboutPage {...props('en', {})} />);
    expect(html).toContain('About this community');
    expect(html).toContain('This community');
    expect(html).toContain('The site owner has not written an introduction yet.');
    expect(html).not.toContain('Founded');
  });
});

// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validatePluginDescriptor, validatePluginManifest } from '@forum/contracts/plugin-rules';
import type { PluginRouter, SlotRenderProps } from '@forum/plugin-sdk';
import manifest from '../plugin.json' with { type: 'json' };
import { CustomFooter } from './custom-footer.tsx';
import { FOOTER_LINKS } from './footer-links.ts';
import descriptor from './index.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  document.body.innerHTML = '';
});

function props(over: {
  lang?: 'zh' | 'en';
  siteName?: string;
  siteRecord?: string;
  push?: PluginRouter['push'];
}) {
  const router = { push: over.push ?? vi.fn(async () => true) } as unknown as PluginRouter;
  return {
    site: {
      lang: over.lang ?? 'zh',
      platform: 'pc',
      setSite: { siteName: over.siteName ?? '测试社区', siteRecord: over.siteRecord ?? '' },
    },
    router,
    pluginStore: {},
    pluginAction: {},
    userInfo: null,
    isLogin: false,
  } as unknown as SlotRenderProps<'plugin_global@footer_replace_hook'>;
}

const year = new Date().getFullYear();

describe('custom-footer', () => {
  it('is a valid descriptor for the global footer replace slot, agreeing with its plugin.json', () => {
    expect(validatePluginDescriptor(descriptor)).toMatchObject({ ok: true });
    expect(validatePluginManifest(manifest)).toMatchObject({ ok: true });
    expect(descriptor).toMatchObject({
      pluginName: manifest.pluginName,
      version: manifest.version,
      target: 'plugin_global',
      hookName: 'footer_replace_hook',
      appid: manifest.appid,
    });
    // It replaces the footer of every page: off unless a forum asks for it (until plugins can be disabled).
    expect(manifest.example).toBe(true);
  });

  it('shows the copyright line with the year and site name, and the configured links, in Chinese by default', () => {
    const html = renderToString(<CustomFooter {...props({})} />);
    expect(html).toContain(`© ${year} 测试社区 版权所有`);
    for (const link of FOOTER_LINKS) {
      expect(html).toContain(`href="${link.href}"`);
      expect(html).toContain(link.label.zh);
    }
    expect(html).not.toContain('Home');
  });

  it('speaks English, falls back to a generic site name, and shows the record number when set', () => {
    const html = renderToString(
      <CustomFooter {...props({ lang: 'en', siteName: '', siteRecord: 'ICP 123' })} />,
    );
    expect(html).toContain(`© ${year} This community. All rights reserved.`);
    expect(html).toContain('About');
    expect(html).toContain('ICP 123');
  });

  it('takes other links', () => {
    const links = [{ href: '/x', label: { zh: '某处', en: 'Somewhere' } }];
    const html = renderToString(<CustomFooter {...props({})} links={links} />);
    expect(html).toContain('某处');
    expect(html).not.toContain('关于本站');
  });

  it('a plain click on a link of the site goes through the router; a modified click is the browser’s', async () => {
    const push = vi.fn(async () => true);
    const root = document.body.appendChild(document.createElement('div'));
    await act(async () => createRoot(root).render(<CustomFooter {...props({ push })} />));
    const about = [...root.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/plugin/about')!;
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void about.dispatchEvent(plain));
    expect(push).toHaveBeenCalledWith('/plugin/about');
    expect(plain.defaultPrevented).toBe(true);
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    act(() => void about.dispatchEvent(ctrl));
    expect(push).toHaveBeenCalledTimes(1);
    expect(ctrl.defaultPrevented).toBe(false);
  });
});

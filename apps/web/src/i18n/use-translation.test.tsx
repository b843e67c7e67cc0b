// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from './i18n.ts';
import { Translator } from './translator.ts';
import { I18nProvider, useTranslation } from './use-translation.tsx';

const sets: Record<Lang, Record<string, object>> = {
  zh: { shell: { nav: { home: '首页' } }, threads: { thread: { views: '{{count}} 次浏览' } } },
  en: { shell: { nav: { home: 'Home' } }, threads: { thread: { views: '{{count}} views' } } },
};
const load = (lang: Lang, part: string) => Promise.resolve(sets[lang][part]!);

let renders = 0;
function Probe() {
  const { t, i18n } = useTranslation();
  renders++;
  return (
    <p lang={i18n.language}>
      {t('nav.home')} / {t('thread.views', { count: 2 })}
    </p>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  document.body.innerHTML = '';
  renders = 0;
});

describe('useTranslation', () => {
  it('renders the provider translator on the server', () => {
    const tr = new Translator('zh', sets.zh.shell!);
    tr.addResources(sets.zh.threads!);
    expect(
      renderToString(
        <I18nProvider i18n={tr.seal()}>
          <Probe />
        </I18nProvider>,
      ),
    ).toBe('<p lang="zh">首页<!-- --> / <!-- -->2 次浏览</p>');
  });

  it('refuses to run outside a provider', () => {
    expect(() => renderToString(<Probe />)).toThrow('I18nProvider');
  });

  it('re-renders subscribers on a language switch and on namespaces added later', async () => {
    const tr = new Translator('zh', sets.zh.shell!, load);
    const el = document.createElement('div');
    document.body.append(el);
    const root = createRoot(el);
    await act(async () =>
      root.render(
        <I18nProvider i18n={tr}>
          <Probe />
        </I18nProvider>,
      ),
    );
    expect(el.textContent).toBe('首页 / thread.views');
    await act(() => tr.loadNamespaces(['threads']));
    expect(el.textContent).toBe('首页 / 2 次浏览');
    await act(() => tr.changeLanguage('en'));
    expect(el.textContent).toBe('Home / 2 views');
    expect(el.querySelector('p')?.lang).toBe('en');
    const before = renders;
    await act(() => tr.changeLanguage('en'));
    expect(renders).toBe(before);
    await act(async () => root.unmount());
  });
});

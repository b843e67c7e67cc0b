import { useSyncExternalStore } from 'react';
import type { SlotRenderProps } from '@forum/plugin-sdk';
import { Button } from '@forum/ui';
import { text } from './strings.ts';

/** The home banner (home header, insert after). */
export function HelloBanner({ site }: SlotRenderProps<'plugin_index@header_insert_after_hook'>) {
  const h5 = site.platform === 'h5';
  return (
    <section
      className={h5 ? 'hello-banner' : 'panel hello-banner'}
      data-testid="hello-banner"
      style={{
        background: 'linear-gradient(90deg, #f0803c, #f5a623)',
        color: '#fff',
        padding: h5 ? '12px 16px' : '16px 20px',
        borderRadius: h5 ? 0 : 8,
      }}
    >
      <p style={{ margin: 0 }}>{text(site.lang, 'banner')}</p>
      <a href="/plugin/hello" style={{ color: '#fff', textDecoration: 'underline' }}>
        {text(site.lang, 'bannerLink')}
      </a>
    </section>
  );
}

/** A button beside follow / message on profiles; its state lives in the plugin's own store. */
export function HelloButton({
  site,
  pluginStore,
  profileUser,
}: SlotRenderProps<'plugin_user@user_extension_action_hook'>) {
  const key = `waved:${profileUser.userId}`;
  const waved = useSyncExternalStore(
    pluginStore.subscribe,
    () => pluginStore.get<boolean>(key) === true,
    () => false,
  );
  return (
    <Button
      size="small"
      variant={site.platform}
      kind="default"
      disabled={waved}
      onClick={() => pluginStore.set(key, true)}
      data-testid="hello-button"
    >
      {text(site.lang, waved ? 'waved' : 'wave')}
    </Button>
  );
}

/** The page at /plugin/hello; the greeting uses the viewer only once the browser has it. */
export function HelloPage({ site, userInfo, isLogin }: SlotRenderProps<'plugin_system@add_page_hook'>) {
  const name = site.setSite.siteName;
  return (
    <section className="panel" data-testid="hello-page">
      <h1 className="panel__title">{text(site.lang, 'pageTitle')}</h1>
      <p>{text(site.lang, 'pageIntro')}</p>
      <p data-testid="hello-greeting">
        {isLogin && userInfo
          ? text(site.lang, 'member', { name: userInfo.nickname })
          : text(site.lang, 'guest')}
      </p>
      {name && <p className="muted">{text(site.lang, 'site', { name })}</p>}
    </section>
  );
}

// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import type { SlotRenderProps } from '@forum/plugin-sdk';
import { activityTime } from './activity-time.ts';
import type { ActivityShown } from './activity-types.ts';
import { ActivityBadge, ActivityCard } from './activity-views.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// The web project has no Node types; the test runs in Node, whose Date follows TZ when it changes.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const serverZone = env.TZ;
afterEach(() => {
  env.TZ = serverZone;
  document.body.innerHTML = '';
});

const activity = {
  title: '读书会',
  content: '',
  activityStartAt: '2026-11-27T06:30:00.000Z',
  activityEndAt: '2026-11-28T06:30:00.000Z',
  address: '图书馆二楼',
  totalNumber: 0,
  count: 0,
  isSignedUp: false,
  closed: null,
} as unknown as ActivityShown;

const props = {
  site: { lang: 'zh', platform: 'pc', setSite: {} },
  renderData: activity,
  threadData: { threadId: 7 },
  isLogin: false,
} as unknown as SlotRenderProps<'plugin_detail@thread_extension_display_hook'>;

describe('activity card hydration', () => {
  it('the server (one zone) and the first browser render (another zone) write the same text', async () => {
    // The server in UTC, the reader in Shanghai.
    env.TZ = 'UTC';
    const html = renderToString(<ActivityCard {...props} />);
    env.TZ = 'Asia/Shanghai';
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.appendChild(root);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, <ActivityCard {...props} />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(html).toContain('UTC');
    // After hydration the reader sees their own zone.
    expect(root.textContent).toContain(activityTime(activity.activityStartAt, 'zh', undefined));
    expect(root.textContent).toContain('14:30');
  });

  it('formats with an explicit locale and zone', () => {
    expect(activityTime('2026-11-27T06:30:00.000Z', 'zh', 'UTC')).toBe('2026/11/27 UTC 06:30');
    expect(activityTime('2026-11-27T06:30:00.000Z', 'en', 'UTC')).toBe('27/11/2026, 06:30 UTC');
    expect(activityTime('not a date', 'en', 'UTC')).toBe('');
  });
});

describe('activity card requests', () => {
  const mount = async (renderData: unknown) => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return Promise.resolve(new Response(JSON.stringify({ Code: 0, Message: '', Data: null })));
    });
    const root = document.createElement('div');
    document.body.appendChild(root);
    await act(async () => {
      createRoot(root).render(<ActivityCard {...props} renderData={renderData} isLogin />);
    });
    vi.unstubAllGlobals();
    return calls;
  };

  it("asks for the reader's signup only on a thread that carries an activity block", async () => {
    expect(await mount(undefined)).toEqual([]);
    expect(await mount(activity)).toEqual(['/plugin/activity/api/signup.status?threadId=7']);
  });
});

describe('activity views in English', () => {
  const CJK = /[\u3400-\u9fff]/;
  // The organiser's Latin title and place: every other word on the card is the plugin's own.
  const english = { ...activity, title: 'Book club', address: 'Library', totalNumber: 20, count: 12 };

  it('draws every word, date and count in English, none in Chinese', () => {
    const card = renderToString(
      <ActivityCard {...props} site={{ ...props.site, lang: 'en' }} renderData={english} />,
    );
    const badge = renderToString(
      <ActivityBadge
        {...(props as unknown as SlotRenderProps<'plugin_index@thread_extension_display_hook'>)}
        site={{ ...props.site, lang: 'en' }}
        renderData={english}
      />,
    );
    for (const html of [card, badge]) {
      expect(html.replace(/<[^>]*>/g, ' ')).not.toMatch(CJK);
      expect(html).toContain('12 of 20 signed up');
    }
    expect(card).toContain('27/11/2026, 06:30 UTC');
    expect(card).toContain('Log in to sign up');
  });

  it('draws them in Chinese on a Chinese page', () => {
    const card = renderToString(<ActivityCard {...props} renderData={english} />);
    expect(card).toContain('已报名 12 / 20 人');
    expect(card).toContain('2026/11/27 UTC 06:30');
  });
});

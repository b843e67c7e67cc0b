import { useEffect, useState } from 'react';
import { callPluginApi, type SlotRenderProps } from '@forum/plugin-sdk';
import { Button, toast } from '@forum/ui';
import { text, type Key } from './strings.ts';
import type { ActivityShown } from './activity-types.ts';
import { useActivityTime } from './activity-time.ts';

type Lang = 'zh' | 'en';
interface Signup {
  userId: number;
  nickname: string;
  createdAt: string;
}

/** "12 signed up" or "12 of 50 signed up". */
function countLine(lang: Lang, a: { count: number; totalNumber: number }): string {
  return a.totalNumber > 0
    ? text(lang, 'ofCapacity', { count: a.count, total: a.totalNumber })
    : text(lang, 'signedUp', { count: a.count });
}

/** The organiser's list of who signed up, with the CSV export. */
function SignupList({ lang, threadId }: { lang: Lang; threadId: number }) {
  const [rows, setRows] = useState<Signup[] | null>(null);
  const time = useActivityTime(lang);
  useEffect(() => {
    void callPluginApi<{ pageData: Signup[] }>('activity', 'signups', { body: { threadId } }).then((r) =>
      setRows(r.Data?.pageData ?? []),
    );
  }, [threadId]);
  if (!rows) return null;
  return (
    <details data-testid="activity-signups" style={{ marginTop: 10 }}>
      <summary>
        {text(lang, 'list')} ({rows.length})
      </summary>
      {rows.length === 0 ? (
        <p className="muted">{text(lang, 'noOne')}</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.userId} data-testid="activity-signup">
              {r.nickname} <span className="muted">{time(r.createdAt)}</span>
            </li>
          ))}
        </ol>
      )}
      <a
        href={`/plugin/activity/api/signups.export?threadId=${threadId}`}
        download
        data-testid="activity-export"
      >
        {text(lang, 'export')}
      </a>
    </details>
  );
}

/** The activity on its thread's page: what, when, where, how many; sign up or cancel; the organiser's list. */
export function ActivityCard({
  site,
  renderData,
  threadData,
  isLogin,
}: SlotRenderProps<'plugin_detail@thread_extension_display_hook'>) {
  const lang = site.lang;
  const [a, setA] = useState(renderData as ActivityShown | undefined);
  const [busy, setBusy] = useState(false);
  const [organiser, setOrganiser] = useState(false);
  const time = useActivityTime(lang);
  const threadId = threadData.threadId;
  // Every thread page renders this slot; only a thread with an activity block has figures to ask for.
  const placed = renderData !== undefined && renderData !== null;
  // The page is rendered once for many readers: this reader's own figures come after it loads.
  useEffect(() => {
    if (!isLogin || !placed) return;
    void callPluginApi<Pick<ActivityShown, 'count' | 'isSignedUp' | 'closed'> & { isOrganiser: boolean }>(
      'activity',
      'signup.status',
      { body: { threadId } },
    ).then((r) => {
      if (!r.Data) return;
      const { isOrganiser, ...mine } = r.Data;
      setA((x) => x && { ...x, ...mine });
      setOrganiser(isOrganiser);
    });
  }, [isLogin, placed, threadId]);
  if (!a) return null;
  const full = a.totalNumber > 0 && a.count >= a.totalNumber && !a.isSignedUp;
  const blocked: Key | null = a.closed ?? (full ? 'full' : null);
  const act = async (path: 'signup.create' | 'signup.delete') => {
    setBusy(true);
    const r = await callPluginApi<{ count: number; isSignedUp: boolean }>('activity', path, {
      method: 'POST',
      body: { threadId },
    });
    setBusy(false);
    if (r.Code === 0 && r.Data) setA({ ...a, ...r.Data });
    else toast.error(r.Message || String(r.Code));
  };
  return (
    <section
      className="panel"
      data-testid="activity-card"
      style={{ border: '1px solid var(--ui-border)', borderRadius: 8, padding: 16, margin: '12px 0' }}
    >
      <p className="muted" style={{ margin: 0, fontSize: 12 }}>
        {text(lang, 'badge')}
      </p>
      <h3 style={{ margin: '4px 0 8px' }}>{a.title}</h3>
      {a.content && <p style={{ whiteSpace: 'pre-wrap' }}>{a.content}</p>}
      <p style={{ margin: '4px 0' }}>
        <span className="muted">{text(lang, 'time')}</span> {time(a.activityStartAt)} –{' '}
        {time(a.activityEndAt)}
      </p>
      {a.address && (
        <p style={{ margin: '4px 0' }}>
          <span className="muted">{text(lang, 'place')}</span> {a.address}
        </p>
      )}
      <p data-testid="activity-count" style={{ margin: '8px 0' }}>
        {countLine(lang, a)}
      </p>
      {!isLogin ? (
        <Button variant={site.platform} onClick={() => (window.location.href = '/user/login')}>
          {text(lang, 'loginFirst')}
        </Button>
      ) : a.isSignedUp ? (
        <Button
          variant={site.platform}
          loading={busy}
          onClick={() => void act('signup.delete')}
          data-testid="activity-cancel"
        >
          {text(lang, 'cancel')}
        </Button>
      ) : blocked ? (
        <Button variant={site.platform} disabled>
          {text(lang, blocked)}
        </Button>
      ) : (
        <Button
          kind="primary"
          variant={site.platform}
          loading={busy}
          onClick={() => void act('signup.create')}
          data-testid="activity-signup-button"
        >
          {text(lang, 'signUp')}
        </Button>
      )}
      {organiser && <SignupList lang={lang} threadId={threadId} />}
    </section>
  );
}

/** A line on the thread's card in lists: that it is an activity and how full it is. */
export function ActivityBadge({
  site,
  renderData,
}: SlotRenderProps<'plugin_index@thread_extension_display_hook'>) {
  const a = renderData as ActivityShown | undefined;
  if (!a) return null;
  return (
    <p className="muted" data-testid="activity-badge" style={{ margin: '4px 0', fontSize: 13 }}>
      {text(site.lang, 'badge')} · {a.title} · {countLine(site.lang, a)}
    </p>
  );
}

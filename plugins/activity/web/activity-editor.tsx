import { useState } from 'react';
import type { SlotRenderProps } from '@forum/plugin-sdk';
import { Button } from '@forum/ui';
import { text } from './strings.ts';
import type { ActivityBody } from './activity-types.ts';
import { activityTime } from './activity-time.ts';

const field = { display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 10 } as const;
const input = {
  border: '1px solid var(--ui-border)',
  borderRadius: 6,
  padding: '6px 8px',
  font: 'inherit',
  background: 'var(--ui-surface)',
  color: 'var(--ui-text)',
} as const;

/** `datetime-local` value of an ISO time (local clock), and back. */
const toLocal = (iso?: string) =>
  iso
    ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
    : '';
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The activity form in the editor's plugin dialog; the server checks the body again with the plugin's schema. */
function ActivityForm({
  lang,
  initial,
  onDone,
}: {
  lang: 'zh' | 'en';
  initial: ActivityBody | null;
  onDone: (body: ActivityBody) => void;
}) {
  const [v, setV] = useState({
    title: initial?.title ?? '',
    content: initial?.content ?? '',
    start: toLocal(initial?.activityStartAt),
    end: toLocal(initial?.activityEndAt),
    registerEnd: toLocal(initial?.registerEndAt),
    totalNumber: String(initial?.totalNumber ?? 0),
    address: initial?.address ?? '',
  });
  const [problem, setProblem] = useState('');
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });
  const submit = () => {
    if (!v.title.trim() || !v.start || !v.end || new Date(v.end) <= new Date(v.start))
      return setProblem(text(lang, 'needTitle'));
    onDone({
      title: v.title.trim(),
      content: v.content.trim(),
      activityStartAt: toIso(v.start)!,
      activityEndAt: toIso(v.end)!,
      ...(v.registerEnd ? { registerEndAt: toIso(v.registerEnd) } : {}),
      totalNumber: Math.max(0, Math.floor(Number(v.totalNumber) || 0)),
      address: v.address.trim(),
    });
  };
  const row = (k: keyof typeof v, label: string, type = 'text') => (
    <label style={field}>
      <span>{label}</span>
      <input style={input} type={type} name={`activity-${k}`} value={v[k]} onChange={set(k)} />
    </label>
  );
  return (
    <div data-testid="activity-form">
      <h3 style={{ marginTop: 0 }}>{text(lang, 'formTitle')}</h3>
      {row('title', text(lang, 'title'))}
      <label style={field}>
        <span>{text(lang, 'content')}</span>
        <textarea
          style={input}
          rows={3}
          name="activity-content"
          value={v.content}
          onChange={set('content')}
        />
      </label>
      {row('start', text(lang, 'start'), 'datetime-local')}
      {row('end', text(lang, 'end'), 'datetime-local')}
      {row('registerEnd', text(lang, 'registerEnd'), 'datetime-local')}
      {row('totalNumber', text(lang, 'capacity'), 'number')}
      {row('address', text(lang, 'address'))}
      {problem && (
        <p role="alert" style={{ color: 'var(--ui-danger)' }}>
          {problem}
        </p>
      )}
      <Button kind="primary" onClick={submit} data-testid="activity-attach">
        {text(lang, 'attach')}
      </Button>
    </div>
  );
}

/** The editor toolbar's entry: opens the form; the filled activity is attached to the thread being written. */
export function ActivityEntry({
  site,
  postData,
  confirm,
  canInsert,
  showPluginDialog,
  closePluginDialog,
}: SlotRenderProps<'plugin_post@post_extension_entry_hook'>) {
  if (canInsert === false) return null;
  const open = () =>
    showPluginDialog(
      <ActivityForm
        lang={site.lang}
        initial={(postData?.body as ActivityBody | undefined) ?? null}
        onDone={(body) => {
          confirm({ tomId: 'activity', body });
          closePluginDialog();
        }}
      />,
    );
  return (
    <Button variant={site.platform} onClick={open} data-testid="activity-entry">
      {text(site.lang, 'entry')}
    </Button>
  );
}

/** The attached activity in the editor, with change and remove. */
export function ActivityDraft({
  site,
  postData,
  confirm,
  deletePlugin,
  showPluginDialog,
  closePluginDialog,
}: SlotRenderProps<'plugin_post@post_extension_content_hook'>) {
  if (!postData) return null;
  const a = postData.body as ActivityBody;
  return (
    <div className="panel" data-testid="activity-draft" style={{ padding: 12, margin: '8px 0' }}>
      <strong>
        {text(site.lang, 'badge')} · {a.title}
      </strong>
      <p className="muted" style={{ margin: '4px 0' }}>
        {activityTime(a.activityStartAt, site.lang, undefined)} –{' '}
        {activityTime(a.activityEndAt, site.lang, undefined)}
      </p>
      <Button
        size="small"
        onClick={() =>
          showPluginDialog(
            <ActivityForm
              lang={site.lang}
              initial={a}
              onDone={(body) => {
                confirm({ tomId: 'activity', body });
                closePluginDialog();
              }}
            />,
          )
        }
      >
        {text(site.lang, 'edit')}
      </Button>{' '}
      <Button size="small" onClick={deletePlugin}>
        {text(site.lang, 'remove')}
      </Button>
    </div>
  );
}

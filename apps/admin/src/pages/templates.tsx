import { useCallback, useEffect, useState } from 'react';
import { notificationTplList, notificationTplUpdate, type NotificationTpl } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';

/** Notification templates: edit title and content with the variable list, switch each on or off (issue 10 §9). */
export function Templates() {
  const [tpls, setTpls] = useState<NotificationTpl[] | null>(null);
  const [editing, setEditing] = useState<NotificationTpl | null>(null);
  const load = useCallback(
    async () => setTpls((await run(notificationTplList, { name: '', typeStatus: '' })) ?? []),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const save = async (t: NotificationTpl, patch: { title?: string; content?: string; status?: number }) => {
    const res = await run(notificationTplUpdate, { id: t.id, ...patch });
    if (res) {
      toast.success(s.saved, { duration: 1000 });
      setEditing(null);
      await load();
    }
  };
  return (
    <section data-testid="admin-templates">
      <h1>{s.menu.templates}</h1>
      {editing && (
        <div className="admin-panel admin-form" data-testid="template-editor">
          <h2>{editing.typeName}</h2>
          <label className="admin-field">
            <span>{s.templates.titleField}</span>
            <input
              value={editing.title}
              onChange={(e) => setEditing({ ...editing, title: e.target.value })}
            />
          </label>
          <label className="admin-field admin-field--textarea">
            <span>{s.templates.content}</span>
            <textarea
              rows={3}
              value={editing.content}
              onChange={(e) => setEditing({ ...editing, content: e.target.value })}
            />
          </label>
          <p className="admin-hint">
            {s.templates.vars}:{' '}
            {Object.keys(editing.vars)
              .map((v) => `{${v}}`)
              .join(' ')}
          </p>
          <div className="admin-row">
            <Button
              kind="primary"
              onClick={() => void save(editing, { title: editing.title, content: editing.content })}
            >
              {s.save}
            </Button>
            <Button onClick={() => setEditing(null)}>{s.cancel}</Button>
          </div>
        </div>
      )}
      {!tpls ? (
        <p className="admin-empty">{s.loading}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{s.templates.event}</th>
                <th>{s.templates.content}</th>
                <th>{s.templates.status}</th>
                <th>{s.actions}</th>
              </tr>
            </thead>
            <tbody>
              {tpls.map((t) => (
                <tr key={t.id} data-testid="template-row">
                  <td>{t.typeName}</td>
                  <td className="admin-wrap">{t.content}</td>
                  <td>{t.status === 1 ? s.fields.enabled : s.fields.disabled}</td>
                  <td className="admin-actions">
                    <button type="button" onClick={() => setEditing(t)}>
                      {s.edit}
                    </button>
                    <button type="button" onClick={() => void save(t, { status: t.status === 1 ? 0 : 1 })}>
                      {t.status === 1 ? s.fields.disabled : s.fields.enabled}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { notificationTplList, notificationTplUpdate, type NotificationTpl } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { DataTable } from '../components/data-table.tsx';

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
  const columns: Array<ColumnDef<NotificationTpl, unknown>> = [
    { id: 'event', header: s.templates.event, cell: ({ row }) => row.original.typeName },
    {
      id: 'content',
      header: s.templates.content,
      cell: ({ row }) => row.original.content,
      meta: { className: 'admin-wrap' },
    },
    {
      id: 'status',
      header: s.templates.status,
      cell: ({ row }) => (row.original.status === 1 ? s.fields.enabled : s.fields.disabled),
    },
    {
      id: 'actions',
      header: s.actions,
      meta: { className: 'admin-actions' },
      cell: ({ row: { original: t } }) => (
        <>
          <button type="button" onClick={() => setEditing(t)}>
            {s.edit}
          </button>
          <button type="button" onClick={() => void save(t, { status: t.status === 1 ? 0 : 1 })}>
            {t.status === 1 ? s.fields.disabled : s.fields.enabled}
          </button>
        </>
      ),
    },
  ];
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
      <DataTable rows={tpls} columns={columns} rowId={(t) => String(t.id)} rowTestId="template-row" />
    </section>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { notificationTplList, notificationTplUpdate, type NotificationTpl } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { lang, run } from '../api.ts';
import { s } from '../i18n.ts';
import { DataTable } from '../components/data-table.tsx';

type Text = { title: string; content: string };

/** One language's title and content in the editor. */
function TextFields({
  language,
  value,
  onChange,
}: {
  language: 'zh' | 'en';
  value: Text;
  onChange: (v: Text) => void;
}) {
  return (
    <fieldset className="admin-fieldset" data-testid={`template-${language}`} lang={language}>
      <legend>{s.templates[language]}</legend>
      <label className="admin-field">
        <span>{s.templates.titleField}</span>
        <input value={value.title} onChange={(e) => onChange({ ...value, title: e.target.value })} />
      </label>
      <label className="admin-field admin-field--textarea">
        <span>{s.templates.content}</span>
        <textarea
          rows={3}
          value={value.content}
          onChange={(e) => onChange({ ...value, content: e.target.value })}
        />
      </label>
    </fieldset>
  );
}

/**
 * Notification templates: edit the Chinese and the English title and content with the variable list, switch
 * each on or off (issue 10 §9).
 */
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
  const save = async (
    t: NotificationTpl,
    patch: Partial<Pick<NotificationTpl, 'title' | 'content' | 'titleEn' | 'contentEn' | 'status'>>,
  ) => {
    const res = await run(notificationTplUpdate, { id: t.id, ...patch });
    if (res) {
      toast.success(s.saved, { duration: 1000 });
      setEditing(null);
      await load();
    }
  };
  const columns: Array<ColumnDef<NotificationTpl, unknown>> = [
    {
      id: 'event',
      header: s.templates.event,
      cell: ({ row }) => (lang === 'en' ? row.original.typeNameEn : row.original.typeName),
    },
    {
      id: 'content',
      header: s.templates.content,
      cell: ({ row: { original: t } }) => (
        <>
          {t.content}
          <div className="admin-hint" lang="en">
            {t.contentEn}
          </div>
        </>
      ),
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
            {t.status === 1 ? s.templates.disable : s.templates.enable}
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
          <h2>{lang === 'en' ? editing.typeNameEn : editing.typeName}</h2>
          <TextFields language="zh" value={editing} onChange={(v) => setEditing({ ...editing, ...v })} />
          <TextFields
            language="en"
            value={{ title: editing.titleEn, content: editing.contentEn }}
            onChange={(v) => setEditing({ ...editing, titleEn: v.title, contentEn: v.content })}
          />
          <p className="admin-hint">{s.templates.enEmpty}</p>
          <p className="admin-hint">
            {s.templates.vars}:{' '}
            {Object.keys(editing.vars)
              .map((v) => `{${v}}`)
              .join(' ')}
          </p>
          <div className="admin-row">
            <Button
              kind="primary"
              onClick={() => {
                const { title, content, titleEn, contentEn } = editing;
                void save(editing, { title, content, titleEn, contentEn });
              }}
              data-testid="template-save"
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

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  signInFieldCreate,
  signInFieldList,
  signInFieldStatus,
  signInFieldUpdate,
  type SignInField,
} from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { DataTable } from '../components/data-table.tsx';
import { savedThen } from '../components/saved.ts';

const BLANK = { id: 0, name: '', type: 0, sort: 0, required: false, options: '' };

/** The options of a radio or checkbox field, one a line. */
function optionsOf(f: SignInField): string {
  try {
    const ext = JSON.parse(f.fieldsExt || '{}') as { options?: string[] };
    return (ext.options ?? []).join('\n');
  } catch {
    return '';
  }
}

/** Sign-in fields: create, edit, sort, enable or disable, delete (issue 10 §8). */
export function SignInFieldsPage() {
  const [fields, setFields] = useState<SignInField[] | null>(null);
  const [draft, setDraft] = useState(BLANK);
  const load = useCallback(async () => setFields((await run(signInFieldList, {})) ?? []), []);
  useEffect(() => {
    void load();
  }, [load]);
  const done = savedThen(load);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const options = draft.options
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean);
    const body = {
      name: draft.name.trim(),
      type: draft.type,
      sort: draft.sort,
      required: draft.required,
      ...(draft.type === 2 || draft.type === 3 ? { fieldsExt: JSON.stringify({ options }) } : {}),
    };
    const res = draft.id
      ? await run(signInFieldUpdate, { id: draft.id, ...body })
      : await run(signInFieldCreate, body);
    if (res) setDraft(BLANK);
    await done(res);
  };
  const setStatus = async (f: SignInField, status: number) => {
    if (status === 0 && !window.confirm(s.confirmDelete)) return;
    await done(await run(signInFieldStatus, { id: f.id, status }));
  };
  const setSort = async (f: SignInField, sort: number) => {
    if (sort !== f.sort) await done(await run(signInFieldUpdate, { id: f.id, sort }));
  };
  const columns: Array<ColumnDef<SignInField, unknown>> = [
    {
      id: 'sort',
      header: s.fields.sort,
      cell: ({ row: { original: f } }) => (
        <input
          type="number"
          aria-label={s.fields.sort}
          defaultValue={f.sort}
          onBlur={(e) => void setSort(f, Number(e.target.value) || 0)}
        />
      ),
    },
    { id: 'name', header: s.fields.name, cell: ({ row }) => row.original.name },
    {
      id: 'type',
      header: s.fields.type,
      cell: ({ row }) => s.fields.types[row.original.type] ?? row.original.type,
    },
    { id: 'required', header: s.fields.required, cell: ({ row }) => (row.original.required ? s.yes : s.no) },
    {
      id: 'status',
      header: s.fields.status,
      cell: ({ row }) => (row.original.status === 1 ? s.fields.enabled : s.fields.disabled),
    },
    {
      id: 'actions',
      header: s.actions,
      meta: { className: 'admin-actions' },
      cell: ({ row: { original: f } }) => (
        <>
          <button
            type="button"
            data-testid="field-edit"
            onClick={() =>
              setDraft({
                id: f.id,
                name: f.name,
                type: f.type,
                sort: f.sort,
                required: f.required,
                options: optionsOf(f),
              })
            }
          >
            {s.edit}
          </button>
          <button type="button" onClick={() => void setStatus(f, f.status === 1 ? -1 : 1)}>
            {f.status === 1 ? s.fields.disabled : s.fields.enabled}
          </button>
          <button type="button" onClick={() => void setStatus(f, 0)}>
            {s.delete}
          </button>
        </>
      ),
    },
  ];
  return (
    <section data-testid="admin-signin-fields">
      <h1>{s.menu.signInFields}</h1>
      <form className="admin-panel admin-form" onSubmit={(e) => void submit(e)} data-testid="field-form">
        <label className="admin-field">
          <span>{s.fields.name}</span>
          <input
            name="fieldName"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </label>
        <label className="admin-field">
          <span>{s.fields.type}</span>
          <select
            name="fieldType"
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: Number(e.target.value) })}
          >
            {s.fields.types.map((label, i) => (
              <option key={label} value={i}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {(draft.type === 2 || draft.type === 3) && (
          <label className="admin-field admin-field--textarea">
            <span>{s.fields.options}</span>
            <textarea
              rows={3}
              value={draft.options}
              onChange={(e) => setDraft({ ...draft, options: e.target.value })}
            />
          </label>
        )}
        <label className="admin-field">
          <span>{s.fields.sort}</span>
          <input
            type="number"
            name="fieldSort"
            value={draft.sort}
            onChange={(e) => setDraft({ ...draft, sort: Number(e.target.value) || 0 })}
          />
        </label>
        <label className="admin-field admin-field--bool">
          <span>{s.fields.required}</span>
          <input
            type="checkbox"
            name="fieldRequired"
            checked={draft.required}
            onChange={(e) => setDraft({ ...draft, required: e.target.checked })}
          />
        </label>
        <div className="admin-row">
          <Button kind="primary" type="submit" disabled={!draft.name.trim()} data-testid="field-create">
            {draft.id ? s.save : s.create}
          </Button>
          {draft.id > 0 && <Button onClick={() => setDraft(BLANK)}>{s.cancel}</Button>}
        </div>
      </form>
      <DataTable rows={fields} columns={columns} rowId={(f) => String(f.id)} rowTestId="field-row" />
    </section>
  );
}

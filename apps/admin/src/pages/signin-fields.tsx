import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { signInFieldCreate, signInFieldList, signInFieldStatus, type SignInField } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';

/** Sign-in fields: create, enable or disable, delete (issue 10 §8). */
export function SignInFieldsPage() {
  const [fields, setFields] = useState<SignInField[] | null>(null);
  const [draft, setDraft] = useState({ name: '', type: 0, sort: 0, required: false, options: '' });
  const load = useCallback(async () => setFields((await run(signInFieldList, {})) ?? []), []);
  useEffect(() => {
    void load();
  }, [load]);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const options = draft.options
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean);
    const res = await run(signInFieldCreate, {
      name: draft.name.trim(),
      type: draft.type,
      sort: draft.sort,
      required: draft.required,
      ...(draft.type === 2 || draft.type === 3 ? { fieldsExt: JSON.stringify({ options }) } : {}),
    });
    if (res) {
      setDraft({ name: '', type: 0, sort: 0, required: false, options: '' });
      await load();
    }
  };
  const setStatus = async (f: SignInField, status: number) => {
    if (status === 0 && !window.confirm(s.confirmDelete)) return;
    if (await run(signInFieldStatus, { id: f.id, status })) await load();
  };
  return (
    <section data-testid="admin-signin-fields">
      <h1>{s.menu.signInFields}</h1>
      <form className="admin-panel admin-form" onSubmit={(e) => void create(e)}>
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
        <Button kind="primary" type="submit" disabled={!draft.name.trim()} data-testid="field-create">
          {s.create}
        </Button>
      </form>
      {!fields ? (
        <p className="admin-empty">{s.loading}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{s.fields.sort}</th>
                <th>{s.fields.name}</th>
                <th>{s.fields.type}</th>
                <th>{s.fields.required}</th>
                <th>{s.fields.status}</th>
                <th>{s.actions}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f.id} data-testid="field-row">
                  <td>{f.sort}</td>
                  <td>{f.name}</td>
                  <td>{s.fields.types[f.type] ?? f.type}</td>
                  <td>{f.required ? s.yes : s.no}</td>
                  <td>{f.status === 1 ? s.fields.enabled : s.fields.disabled}</td>
                  <td className="admin-actions">
                    <button type="button" onClick={() => void setStatus(f, f.status === 1 ? -1 : 1)}>
                      {f.status === 1 ? s.fields.disabled : s.fields.enabled}
                    </button>
                    <button type="button" onClick={() => void setStatus(f, 0)}>
                      {s.delete}
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

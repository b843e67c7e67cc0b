import { useEffect, useState } from 'react';
import { adminActions, type CallOutput } from '@forum/contracts';
import { run } from '../api.ts';
import { s } from '../i18n.ts';

/** Every administrator write: who, which call, with what, from where, when (issue 10 §10). */
export function ActionLog() {
  const [page, setPage] = useState<CallOutput<typeof adminActions> | null>(null);
  useEffect(() => {
    void run(adminActions, { page: 1, perPage: 50 }).then(setPage);
  }, []);
  if (!page) return <p className="admin-empty">{s.loading}</p>;
  return (
    <section data-testid="admin-log">
      <h1>{s.menu.log}</h1>
      <div className="admin-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              <th>{s.log.when}</th>
              <th>{s.log.who}</th>
              <th>{s.log.what}</th>
              <th>{s.log.where}</th>
            </tr>
          </thead>
          <tbody>
            {page.pageData.map((a) => (
              <tr key={a.id} data-testid="log-row">
                <td>{new Date(a.createdAt).toLocaleString()}</td>
                <td>{a.username}</td>
                <td className="admin-wrap">
                  <code>{a.path}</code>
                  <div className="admin-hint">{JSON.stringify(a.input).slice(0, 200)}</div>
                </td>
                <td>{a.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

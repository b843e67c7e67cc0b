import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { toast } from '@forum/ui';
import { backupsRun, backupsStatus, type CallOutput } from '@forum/contracts';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { bk } from '../i18n-backups.ts';
import { SettingsForm, type Field } from './settings.tsx';
import { fmt } from '../format.ts';

type Status = CallOutput<typeof backupsStatus>;

const fields: Field[] = [
  { key: 'backup_schedule', label: bk.scheduleField, kind: 'text', tag: 'backup', hint: bk.scheduleHint },
  { key: 'backup_keep', label: bk.keepField, kind: 'number', tag: 'backup' },
  { key: 'backup_dir', label: bk.dirField, kind: 'text', tag: 'backup', hint: bk.dirHint },
];

const when = (iso: string | null | undefined) => fmt.dateTime(iso) || '—';
const mb = (bytes: number | null | undefined) =>
  bytes == null ? '' : `${(bytes / 1048576).toFixed(bytes < 1048576 ? 2 : 1)} MB`;

/** The dashboard's backups card: schedule, last result (a failure in red), next run, "back up now". */
export function BackupCard() {
  const [st, setSt] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => void run(backupsStatus, { limit: 10 }).then((r) => r && setSt(r)), []);
  useEffect(load, [load]);
  const now = async () => {
    setBusy(true);
    const r = await run(backupsRun, {});
    setBusy(false);
    if (!r) return;
    setSt(r);
    if (r.last?.ok) toast.success(bk.done, { duration: 1500 });
  };
  if (!st) return <p className="admin-empty">{s.loading}</p>;
  const last = st.last;
  const rows: [string, ReactNode][] = [
    [bk.schedule, `${bk[st.schedule]}${st.scheduleSetting ? '' : bk.byDefault}`],
    [
      bk.last,
      !last ? (
        bk.never
      ) : last.ok ? (
        <span data-testid="backup-last">{`${when(last.at)} · ${bk.ok} · ${mb(last.size)}`}</span>
      ) : (
        <span data-testid="backup-last" className="admin-backup__error">
          {`${when(last.at)} · ${bk.failed}: ${last.error ?? ''}`}
        </span>
      ),
    ],
    [bk.lastOk, when(st.lastOkAt)],
    [bk.next, when(st.nextAt)],
    // A server path is data, not words to translate (the admin sweep skips text marked so).
    [
      bk.dir,
      <span className="admin-wrap" translate="no">
        {st.dir}
      </span>,
    ],
    [bk.keep, String(st.keep)],
    [bk.archives, String(st.archives.length)],
  ];
  return (
    <div className="admin-panel" data-testid="admin-backups">
      <h2>{bk.title}</h2>
      <table className="admin-table admin-table--facts">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th>{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="admin-backup__actions">
        <button
          type="button"
          className="ui-button ui-button--primary"
          data-testid="backup-now"
          disabled={busy || st.running}
          onClick={() => void now()}
        >
          {busy || st.running ? bk.running : bk.runNow}
        </button>
        <span className="admin-backup__hint">{bk.restoreHint}</span>
      </p>
      <details>
        <summary>{bk.settings}</summary>
        <SettingsForm title={bk.settings} testId="admin-backup-settings" fields={fields} heading="h3" />
      </details>
    </div>
  );
}

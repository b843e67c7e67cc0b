import { lazy, Suspense, useEffect, useState } from 'react';
import { dashboardChart, siteInfo, type CallOutput } from '@forum/contracts';
import { run } from '../api.ts';
import { fill, s } from '../i18n.ts';
import { BackupCard } from './backup-card.tsx';
import { fmt } from '../format.ts';
// ECharts is large: its chunk loads with the dashboard's chart only.
const DailyChart = lazy(() => import('./daily-chart.tsx').then((m) => ({ default: m.DailyChart })));

/** Counts and the server's facts (`siteinfo.v2`). */
export function Dashboard() {
  const [info, setInfo] = useState<CallOutput<typeof siteInfo> | null>(null);
  const [daily, setDaily] = useState<CallOutput<typeof dashboardChart> | null>(null);
  useEffect(() => {
    void run(siteInfo, {}).then(setInfo);
    void run(dashboardChart, { days: 30 }).then(setDaily);
  }, []);
  if (!info) return <p className="admin-empty">{s.loading}</p>;
  const cards = [
    { label: s.dashboard.users, value: info.counts.users },
    { label: s.dashboard.threads, value: info.counts.threads },
    { label: s.dashboard.posts, value: info.counts.posts },
  ];
  const rows = [
    [s.dashboard.version, info.version],
    [s.dashboard.node, info.nodeVersion],
    [s.dashboard.database, info.database],
    [s.dashboard.server, info.os],
    [s.dashboard.uptime, fill(s.dashboard.hours, { n: Math.floor(info.uptimeSeconds / 3600) })],
    [s.dashboard.memory, `${info.memoryMb} MB`],
    [s.dashboard.redis, info.redis ? s.yes : s.no],
  ];
  return (
    <section data-testid="admin-dashboard">
      <h1>{s.menu.dashboard}</h1>
      <div className="admin-cards">
        {cards.map((c) => (
          <div key={c.label} className="admin-card">
            <div className="admin-card__value">{fmt.number(c.value)}</div>
            <div className="admin-card__label">{c.label}</div>
          </div>
        ))}
      </div>
      <div className="admin-panel">
        <h2>{s.dashboard.daily}</h2>
        <Suspense fallback={<p className="admin-empty">{s.loading}</p>}>
          {daily ? <DailyChart data={daily} /> : <p className="admin-empty">{s.loading}</p>}
        </Suspense>
      </div>
      <BackupCard />
      <table className="admin-table admin-table--facts">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th>{k}</th>
              {/* Server, database and system names as the machine reports them. */}
              <td translate="no">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

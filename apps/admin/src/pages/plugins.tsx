import { useCallback, useEffect, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { pluginAdminList, pluginOperate, type CallOutput, type PluginAdminItem } from '@forum/contracts';
import { postFile, run } from '../api.ts';
import { s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { DataTable } from '../components/data-table.tsx';
import { savedThen } from '../components/saved.ts';
import { PluginPermissions, PluginSettings } from './plugin-panels.tsx';

type Listing = CallOutput<typeof pluginAdminList>;

/**
 * Plugins (issue 11 §5): every plugin found with its version, author and state; switch it on or off (every
 * page follows at the next load, nothing restarts), edit its settings and which groups may post its block;
 * plugins that could not load, with the reason.
 */
export function Plugins() {
  const [listing, setListing] = useState<Listing | null>(null);
  const [open, setOpen] = useState<{ plugin: PluginAdminItem; panel: 'settings' | 'permissions' } | null>(
    null,
  );
  const load = useCallback(async () => setListing(await run(pluginAdminList, {})), []);
  useEffect(() => {
    void load();
  }, [load]);
  const done = savedThen(load);
  const columns: Array<ColumnDef<PluginAdminItem, unknown>> = [
    {
      id: 'name',
      header: m.plugins.name,
      cell: ({ row: { original: p } }) => (
        // The plugin's own words (its manifest's, in its author's language): not the admin's to translate.
        <div className="admin-wrap" translate="no">
          <strong>{p.title}</strong> <code>{p.name}</code>
          <div className="admin-hint">{p.description}</div>
        </div>
      ),
    },
    { id: 'version', header: m.plugins.version, cell: ({ row }) => row.original.version },
    {
      id: 'author',
      header: m.plugins.author,
      cell: ({ row }) => <span translate="no">{row.original.author.name}</span>,
    },
    { id: 'sdk', header: m.plugins.sdk, cell: ({ row }) => row.original.sdk || '—' },
    {
      id: 'status',
      header: m.plugins.status,
      cell: ({ row }) => (
        <span className={row.original.enabled ? 'admin-tag' : 'admin-hint'}>
          {row.original.enabled ? m.plugins.on : m.plugins.off}
        </span>
      ),
    },
    {
      id: 'actions',
      header: s.actions,
      meta: { className: 'admin-actions' },
      cell: ({ row: { original: p } }) => (
        <>
          <button
            type="button"
            data-testid="plugin-toggle"
            onClick={() => void run(pluginOperate, { name: p.name, operate: p.enabled ? 2 : 1 }).then(done)}
          >
            {p.enabled ? m.plugins.disable : m.plugins.enable}
          </button>
          {p.uploaded && (
            <button
              type="button"
              data-testid="plugin-uninstall"
              onClick={() => {
                if (window.confirm(m.plugins.uninstallConfirm))
                  void run(pluginOperate, { name: p.name, operate: 3 }).then(done);
              }}
            >
              {m.plugins.uninstall}
            </button>
          )}
          {p.settingsSchema && (
            <button type="button" onClick={() => setOpen({ plugin: p, panel: 'settings' })}>
              {m.plugins.settings}
            </button>
          )}
          {p.permission && (
            <button
              type="button"
              data-testid="plugin-permissions-open"
              onClick={() => setOpen({ plugin: p, panel: 'permissions' })}
            >
              {m.plugins.permissions}
            </button>
          )}
        </>
      ),
    },
  ];
  const close = () => {
    setOpen(null);
    void load();
  };
  return (
    <section data-testid="admin-plugins">
      <h1>{m.menu.plugins}</h1>
      <div className="admin-row">
        <label className="ui-button ui-button--default">
          {m.plugins.upload}
          <input
            type="file"
            hidden
            accept=".zip,application/zip"
            data-testid="plugin-upload"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void postFile<PluginAdminItem>('/api/backAdmin/plugin/upload', file).then(done);
            }}
          />
        </label>
        <span className="admin-hint">{m.plugins.uploadHint}</span>
      </div>
      {open?.panel === 'settings' && (
        <PluginSettings key={open.plugin.name} plugin={open.plugin} onSaved={close} />
      )}
      {open?.panel === 'permissions' && (
        <PluginPermissions key={open.plugin.name} plugin={open.plugin} onClose={close} />
      )}
      <DataTable
        rows={listing?.plugins ?? null}
        columns={columns}
        rowId={(p) => p.name}
        rowTestId="plugin-row"
      />
      {listing && listing.broken.length > 0 && (
        <div className="admin-panel" data-testid="plugins-broken">
          <h2>{m.plugins.broken}</h2>
          <ul>
            {listing.broken.map((b) => (
              <li key={b.name}>
                <code>{b.name}</code>: {b.problem}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

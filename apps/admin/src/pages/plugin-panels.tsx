import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  groupsList,
  pluginPermissionSwitch,
  pluginSettingsSave,
  type AdminGroup,
  type PluginAdminItem,
} from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';

/** One property of a plugin's settings as its JSON Schema describes it. */
interface Prop {
  type?: string;
  enum?: unknown[];
  description?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/**
 * A plugin's settings form, made from the JSON Schema of its zod schema: text, numbers, switches and choices.
 * The server checks the values with the plugin's own schema and names the first wrong key.
 */
export function PluginSettings({ plugin, onSaved }: { plugin: PluginAdminItem; onSaved: () => void }) {
  const props = ((plugin.settingsSchema?.properties ?? {}) as Record<string, Prop>) ?? {};
  const form = useForm<Record<string, unknown>>({ defaultValues: plugin.settings });
  const save = form.handleSubmit(async (values) => {
    const settings = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        props[k]?.type === 'number' || props[k]?.type === 'integer' ? Number(v) : v,
      ]),
    );
    if (await run(pluginSettingsSave, { name: plugin.name, settings })) {
      toast.success(s.saved, { duration: 1000 });
      onSaved();
    }
  });
  return (
    <form className="admin-panel admin-form" onSubmit={(e) => void save(e)} data-testid="plugin-settings">
      <h2>
        {plugin.title} · {m.plugins.settings}
      </h2>
      {Object.entries(props).map(([key, p]) => (
        <label key={key} className={`admin-field${p.type === 'boolean' ? ' admin-field--bool' : ''}`}>
          <span>{p.description ?? key}</span>
          {p.type === 'boolean' ? (
            <input type="checkbox" {...form.register(key)} />
          ) : p.enum ? (
            <select {...form.register(key)}>
              {p.enum.map((o) => (
                <option key={String(o)} value={String(o)}>
                  {String(o)}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={p.type === 'number' || p.type === 'integer' ? 'number' : 'text'}
              maxLength={p.maxLength}
              min={p.minimum}
              max={p.maximum}
              {...form.register(key)}
            />
          )}
        </label>
      ))}
      <div className="admin-row">
        <Button kind="primary" type="submit" data-testid="plugin-settings-save">
          {s.save}
        </Button>
        <Button onClick={onSaved}>{s.cancel}</Button>
      </div>
    </form>
  );
}

/** Which groups may post the plugin's block (its `plugin.<appid>.insert`), one switch per group. */
export function PluginPermissions({ plugin, onClose }: { plugin: PluginAdminItem; onClose: () => void }) {
  const [groups, setGroups] = useState<AdminGroup[]>([]);
  const [allowed, setAllowed] = useState(new Set(plugin.groupIds));
  useEffect(() => {
    void run(groupsList, {}).then((g) => setGroups((g ?? []).filter((x) => x.id !== 1)));
  }, []);
  // The switch moves at once; the server's answer then says what holds (a refusal puts it back).
  const toggle = async (groupId: number, canInsert: boolean) => {
    setAllowed((a) => {
      const next = new Set(a);
      if (canInsert) next.add(groupId);
      else next.delete(groupId);
      return next;
    });
    const res = await run(pluginPermissionSwitch, { name: plugin.name, groupId, canInsert });
    setAllowed((a) =>
      res ? new Set(res.groupIds) : new Set([...a].filter((g) => g !== groupId || !canInsert)),
    );
  };
  return (
    <div className="admin-panel" data-testid="plugin-permissions">
      <h2>
        {plugin.title} · {m.plugins.permissions}
      </h2>
      <p className="admin-hint">{m.plugins.permissionsHint}</p>
      <div className="admin-checks">
        {groups.map((g) => (
          <label key={g.id}>
            <input
              type="checkbox"
              name={`group-${g.id}`}
              checked={allowed.has(g.id)}
              onChange={(e) => void toggle(g.id, e.target.checked)}
            />
            {g.name}
          </label>
        ))}
      </div>
      <Button onClick={onClose}>{s.cancel}</Button>
    </div>
  );
}

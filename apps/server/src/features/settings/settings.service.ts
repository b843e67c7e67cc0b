import type { Db, DbOrTx } from '../../platform/db/db.js';
import type { Bus } from '../../platform/cache/bus.js';
import { reloadOnBus, type BusReload } from '../../platform/cache/reload-on-bus.js';
import { SETTING_DEFAULTS } from './settings.defaults.js';
import { randomBytes } from 'node:crypto';
import { listSettings, settingOrInsert, upsertSettings, type SettingRow } from './settings.repository.js';

/** Typed, cached site settings; every instance reloads when any instance writes. */
export class SettingsService {
  private values = new Map<string, string>();
  private readonly sync: BusReload;

  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    this.sync = reloadOnBus(bus, 'settings.changed', () => this.reload());
  }

  /** Calls fn after every change, local or announced by another instance (caches built on these). */
  onChange(fn: () => void): void {
    this.sync.onChange(fn);
  }

  /** Loads the cache (writes by other instances are followed from construction on). */
  async start(): Promise<void> {
    await this.reload();
  }

  /** Re-reads every row. */
  async reload(): Promise<void> {
    const rows = await listSettings(this.db);
    const next = new Map<string, string>();
    for (const r of rows) next.set(`${r.tag}:${r.key}`, r.value);
    this.values = next;
  }

  /** Every setting as stored, plus the defaults of keys never stored (the admin's full view). */
  entries(): SettingRow[] {
    const out = new Map<string, SettingRow>();
    for (const [key, d] of Object.entries(SETTING_DEFAULTS))
      out.set(`${d.tag}:${key}`, { key, tag: d.tag, value: d.value });
    for (const [k, value] of this.values) {
      const i = k.indexOf(':');
      out.set(k, { tag: k.slice(0, i), key: k.slice(i + 1), value });
    }
    return [...out.values()].sort((a, b) => (a.tag + a.key).localeCompare(b.tag + b.key));
  }

  /** A setting's string value, its default when unset. */
  get(key: string, tag?: string): string {
    const t = tag ?? SETTING_DEFAULTS[key]?.tag ?? 'default';
    return this.values.get(`${t}:${key}`) ?? SETTING_DEFAULTS[key]?.value ?? '';
  }

  /** "1"/"true" read as true. */
  bool(key: string, tag?: string): boolean {
    const v = this.get(key, tag);
    return v === '1' || v === 'true';
  }

  /** Integer value, the fallback when it is not a number. */
  int(key: string, fallback = 0, tag?: string): number {
    const n = Number.parseInt(this.get(key, tag), 10);
    return Number.isFinite(n) ? n : fallback;
  }

  /**
   * A random signing key kept under key and tag, made on first use. Many requests (or instances) asking at once
   * for a key not made yet all get the one the database kept: a key overwritten by a later first use would void
   * every token signed with the first.
   */
  async secret(key: string, tag = 'default'): Promise<string> {
    const stored = this.get(key, tag);
    if (stored) return stored;
    const value = await settingOrInsert(this.db, { key, tag, value: randomBytes(32).toString('base64url') });
    await this.changed([{ key, tag, value }]);
    return value;
  }

  /** Writes rows and tells every instance. */
  async set(rows: SettingRow[]): Promise<void> {
    await upsertSettings(this.db, rows);
    await this.changed(rows);
  }

  /** Writes rows inside the caller's transaction; call `changed(rows)` after it commits. */
  async write(tx: DbOrTx, rows: SettingRow[]): Promise<void> {
    await upsertSettings(tx, rows);
  }

  /** Applies committed rows to this cache and tells the other instances to reload. */
  async changed(rows: SettingRow[]): Promise<void> {
    for (const r of rows) this.values.set(`${r.tag}:${r.key}`, r.value);
    await this.sync.announce();
  }
}

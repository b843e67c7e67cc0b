import os from 'node:os';
import type { SettingItem } from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import { SETTING_DEFAULTS, type SettingsService } from '../settings/index.js';
import { isSecretKey, settingsProblem } from './settings-rules.js';
import { siteCounts, serverVersion } from './admin.repository.js';

/** What a masked secret reads as; writing it back leaves the secret as it was. */
const MASK = '******';

/** Settings, site pictures and site information for administrators (issue 10 §2). */
export class SettingsAdmin {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly version: string,
    private readonly redis: boolean,
  ) {}

  private shown(row: SettingItem): SettingItem {
    return isSecretKey(row.key) && row.value ? { ...row, value: MASK } : row;
  }

  /** Every setting (or one tag's), secrets masked. */
  list(tag?: string): SettingItem[] {
    return this.settings
      .entries()
      .filter((r) => !tag || r.tag === tag)
      .map((r) => this.shown(r));
  }

  /** One setting by key and tag. */
  get(key: string, tag: string): SettingItem {
    const known = SETTING_DEFAULTS[key] !== undefined || this.settings.entries().some((r) => r.key === key);
    if (!known) throw notFound('key: no such setting');
    return this.shown({ key, tag, value: this.settings.get(key, tag) });
  }

  /** Validates a batch (each value, then the original's cross-field rules) and applies it on every instance. */
  async set(
    items: Array<{ key: string; value: string | number | boolean; tag: string }>,
  ): Promise<SettingItem[]> {
    const rows = items
      .map((i) => ({
        key: i.key,
        tag: i.tag,
        value: typeof i.value === 'boolean' ? (i.value ? '1' : '0') : String(i.value),
      }))
      // A masked secret sent back unchanged keeps the stored secret.
      .filter((r) => !(isSecretKey(r.key) && r.value === MASK));
    const problem = settingsProblem(rows, (key) => this.settings.get(key));
    if (problem) throw invalid(problem);
    await this.settings.set(rows);
    return rows.map((r) => this.shown(r));
  }

  /** Sets or clears one of the site pictures. */
  async picture(type: string, url: string): Promise<SettingItem> {
    const [row] = await this.set([{ key: type, value: url, tag: 'default' }]);
    return row!;
  }

  async info() {
    const [counts, database] = await Promise.all([siteCounts(this.db), serverVersion(this.db)]);
    return {
      version: this.version,
      nodeVersion: process.version,
      database,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      uptimeSeconds: Math.round(process.uptime()),
      memoryMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      redis: this.redis,
      counts,
    };
  }
}

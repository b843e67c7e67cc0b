import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code, GroupId } from '@forum/contracts';
import { hashPassword } from '../../platform/auth/password.js';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/http/errors.js';
import {
  DEFAULT_GRANTS,
  DEFAULT_GROUPS,
  insertGrants,
  insertMissingGroups,
  setUserGroup,
} from '../groups/index.js';
import {
  SETTING_DEFAULTS,
  insertMissingSettings,
  settingExists,
  type SettingsService,
} from '../settings/index.js';
import { findUserByUsername, insertUser } from '../users/index.js';
import { adminExists, bumpGroupSequence, ensureDefaultCategory } from './install.repository.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** First start of a site: default groups, grants, settings and category; then the first admin. */
export class InstallService {
  private installed = false;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  /** Seeds a new site once; later starts leave an admin's changes alone. Runs under the migration lock. */
  async bootstrap(): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const first = !(await settingExists(tx, 'bootstrapped', 'install'));
      await insertMissingGroups(
        tx,
        DEFAULT_GROUPS.map((g) => ({
          id: g.id,
          name: g.name,
          type: g.type,
          isDefault: g.isDefault,
          timeRange: 'timeRange' in g ? g.timeRange : 0,
          contentRange: 'contentRange' in g ? g.contentRange : 0,
        })),
      );
      await bumpGroupSequence(tx);
      if (first) {
        await insertGrants(
          tx,
          DEFAULT_GRANTS.flatMap(([permission, ids]) => ids.map((groupId) => ({ groupId, permission }))),
        );
        await insertMissingSettings(
          tx,
          Object.entries(SETTING_DEFAULTS).map(([key, d]) => ({ key, tag: d.tag, value: d.value })),
        );
        await ensureDefaultCategory(tx);
        await insertMissingSettings(tx, [{ key: 'bootstrapped', tag: 'install', value: '1' }]);
      }
    });
    this.installed = await adminExists(this.db);
  }

  /** Whether the first admin exists. */
  isInstalled(): boolean {
    return this.installed;
  }

  /** Creates an administrator (env, CLI or install page); refuses a taken username. */
  async createAdmin(username: string, password: string, siteName?: string): Promise<number> {
    if ((username = username.trim()).length === 0 || /\s/.test(username) || username.length > 15) {
      throw new AppError(Code.INVALID_PARAMETER, 'username: 1-15 characters without spaces');
    }
    if (password.length < 6 || /\s/.test(password)) {
      throw new AppError(Code.INVALID_PARAMETER, 'password: at least 6 characters without spaces');
    }
    if (await findUserByUsername(this.db, username)) throw new AppError(Code.USERNAME_EXISTS);
    const passwordHash = await hashPassword(password);
    const rows = [
      { key: 'site_install', tag: 'default', value: new Date().toISOString() },
      { key: 'setup_token_hash', tag: 'install', value: '' },
    ];
    if (siteName) rows.push({ key: 'site_name', tag: 'default', value: siteName });
    const id = await inTransaction(this.db, async (tx) => {
      const user = await insertUser(tx, { username, nickname: username, passwordHash });
      await setUserGroup(tx, user.id, GroupId.ADMIN);
      await this.settings.write(tx, rows);
      return user.id;
    });
    await this.settings.changed(rows);
    this.installed = true;
    return id;
  }

  /** Makes a new one-time setup token (only its hash is stored) for the install page. */
  async newSetupToken(): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.settings.set([
      { key: 'setup_token_hash', tag: 'install', value: sha256(token).toString('hex') },
    ]);
    return token;
  }

  /** Install page: the setup token creates the first admin, once. */
  async installWithToken(input: {
    token: string;
    username: string;
    password: string;
    siteName?: string | undefined;
  }) {
    if (this.installed || (await adminExists(this.db))) {
      this.installed = true;
      throw new AppError(Code.RESOURCE_EXIST, 'already installed');
    }
    const stored = this.settings.get('setup_token_hash', 'install');
    const given = sha256(input.token);
    const expected = Buffer.from(stored, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError(Code.UNAUTHORIZED, 'invalid setup token');
    }
    return this.createAdmin(input.username, input.password, input.siteName);
  }
}

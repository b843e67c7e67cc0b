import {
  DEFAULT_PERMISSIONS,
  FORBIDDEN_PAY_GROUP_IDS,
  GroupId,
  isPermissionString,
  paidGroupsProblem,
  PRESET_GROUP_IDS,
  type AdminGroup,
} from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import { listGroups, type GroupRow, type GroupsService } from '../groups/index.js';
import type { Tx } from '../../platform/db/db.js';
import type { UsersService } from '../users/index.js';
import {
  deleteGroups,
  insertGroup,
  memberCounts,
  replaceGrants,
  setDefaultGroup,
  updateGroup,
} from './groups-admin.repository.js';

/** The groups every site has (reference §1.2): never deleted. */
const PRESET_GROUPS = PRESET_GROUP_IDS;

/** The editable fields of a group as the calls carry them (fee in yuan). */
export interface GroupFields {
  name?: string;
  type?: string;
  color?: string;
  icon?: string;
  isDisplay?: boolean;
  isPaid?: boolean;
  fee?: number;
  days?: number;
  level?: number;
  description?: string;
  notice?: string;
  scale?: number;
  isSubordinate?: boolean;
  isCommission?: boolean;
  isDefault?: boolean;
}

/** Yuan on the wire, fen in the row: rounded to the fen, never a float in storage. */
function toRow(f: GroupFields) {
  const { fee, isDefault, ...rest } = f;
  void isDefault;
  return { ...rest, ...(fee !== undefined ? { fee: Math.round(fee * 100) } : {}) };
}

/** The paid-group rules over the groups as this transaction leaves them (-4001 naming the field). */
async function checkPaidGroups(tx: Tx): Promise<void> {
  const problem = paidGroupsProblem(await listGroups(tx), FORBIDDEN_PAY_GROUP_IDS);
  if (problem) throw invalid(problem, { field: problem.split(':')[0] });
}

/**
 * Groups and permissions for administrators (issue 10 §4). Every change reloads the permission cache here and
 * on every instance, and drops cached sessions, so a member's new rights apply on their next request.
 */
export class GroupsAdmin {
  constructor(
    private readonly db: Db,
    private readonly groups: GroupsService,
    private readonly users: UsersService,
  ) {}

  present(g: GroupRow, counts: Map<number, number>): AdminGroup {
    return {
      id: g.id,
      name: g.name,
      type: g.type,
      color: g.color,
      icon: g.icon,
      isDefault: g.isDefault,
      isDisplay: g.isDisplay,
      isPaid: g.isPaid,
      fee: g.fee / 100,
      days: g.days,
      level: g.level,
      description: g.description,
      notice: g.notice,
      scale: g.scale,
      isSubordinate: g.isSubordinate,
      isCommission: g.isCommission,
      isPreset: (PRESET_GROUPS as readonly number[]).includes(g.id),
      userCount: counts.get(g.id) ?? 0,
    };
  }

  async list(): Promise<AdminGroup[]> {
    const counts = await memberCounts(this.db);
    return this.groups
      .all()
      .map((g) => this.present(g, counts))
      .sort((a, b) => a.id - b.id);
  }

  async resource(id: number, include?: string) {
    const g = this.groups.group(id);
    if (!g) throw notFound('id: no such group');
    const out = this.present(g, await memberCounts(this.db));
    if (include?.split(',').includes('permission')) {
      return { ...out, permissions: [...this.groups.permissions(id)].sort() };
    }
    return out;
  }

  async create(fields: GroupFields & { name: string }): Promise<AdminGroup> {
    const row = await inTransaction(this.db, async (tx) => {
      const g = await insertGroup(tx, { ...toRow(fields), name: fields.name });
      if (fields.isDefault) await setDefaultGroup(tx, g.id);
      await checkPaidGroups(tx);
      return g;
    });
    await this.changed();
    return this.present(this.groups.group(row.id) ?? row, new Map());
  }

  async batchUpdate(items: Array<GroupFields & { id: number }>): Promise<AdminGroup[]> {
    await inTransaction(this.db, async (tx) => {
      for (const item of items) {
        if (item.isPaid && FORBIDDEN_PAY_GROUP_IDS.includes(item.id)) {
          throw invalid(`isPaid: group ${item.id} cannot be a paid group`);
        }
        const { id, ...fields } = item;
        if (!(await updateGroup(tx, id, toRow(fields)))) throw notFound(`id: no group ${id}`);
        if (fields.isDefault) await setDefaultGroup(tx, id);
      }
      await checkPaidGroups(tx);
    });
    await this.changed();
    const counts = await memberCounts(this.db);
    return items.map((i) => this.present(this.groups.group(i.id)!, counts));
  }

  /** Deletes groups; the preset ones and the default one refuse; their members move to the default group. */
  async batchDelete(ids: number[]): Promise<number[]> {
    const preset = ids.filter((id) => (PRESET_GROUPS as readonly number[]).includes(id));
    if (preset.length) throw invalid(`ids: the preset groups ${preset.join(', ')} cannot be deleted`);
    const fallback = this.groups.defaultGroupId();
    if (ids.includes(fallback)) throw invalid('ids: choose another default group before deleting this one');
    const deleted = await inTransaction(this.db, (tx) => deleteGroups(tx, ids, PRESET_GROUPS, fallback));
    await this.changed();
    return deleted;
  }

  /** Replaces a group's permissions (the administrator group has every permission and is not edited). */
  async setPermissions(groupId: number, permissions: string[]) {
    if (groupId === GroupId.ADMIN) throw invalid('groupId: the administrator group holds every permission');
    if (!this.groups.group(groupId)) throw notFound('groupId: no such group');
    const wrong = permissions.find((p) => !isPermissionString(p.trim()));
    if (wrong !== undefined) throw invalid(`permissions: unknown permission "${wrong}"`);
    // The original merges its always-on rights into every save (reference §1.14).
    const unique = [...new Set([...permissions.map((p) => p.trim()), ...DEFAULT_PERMISSIONS])].sort();
    await inTransaction(this.db, (tx) => replaceGrants(tx, groupId, unique));
    await this.changed();
    return { groupId, permissions: unique };
  }

  private async changed(): Promise<void> {
    await this.groups.changed();
    await this.users.sessionsChanged();
  }
}

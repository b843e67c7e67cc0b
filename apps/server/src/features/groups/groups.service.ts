import { GroupId } from '@forum/contracts';
import type { Bus } from '../../platform/cache/bus.js';
import { reloadOnBus, type BusReload } from '../../platform/cache/reload-on-bus.js';
import type { Db } from '../../platform/db/db.js';
import { listGrants, listGroups, type GroupRow } from './groups.repository.js';

const EMPTY: ReadonlySet<string> = new Set();

/** Groups and their permission sets, cached; every instance reloads when any instance changes them. */
export class GroupsService {
  private groups = new Map<number, GroupRow>();
  private grants = new Map<number, ReadonlySet<string>>();
  private readonly sync: BusReload;

  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    this.sync = reloadOnBus(bus, 'groups.changed', () => this.reload());
  }

  /** Calls fn after every change, local or announced by another instance (caches built on these). */
  onChange(fn: () => void): void {
    this.sync.onChange(fn);
  }

  /** Loads the cache (changes made elsewhere are followed from construction on). */
  async start(): Promise<void> {
    await this.reload();
  }

  /** Re-reads groups and grants. */
  async reload(): Promise<void> {
    const [groups, grants] = await Promise.all([listGroups(this.db), listGrants(this.db)]);
    const byGroup = new Map<number, Set<string>>();
    for (const g of grants) {
      const set = byGroup.get(g.groupId) ?? new Set<string>();
      set.add(g.permission);
      byGroup.set(g.groupId, set);
    }
    this.groups = new Map(groups.map((g) => [g.id, g]));
    this.grants = byGroup;
  }

  /** Reloads here after a write, then tells this instance's listeners and every other instance. */
  async changed(): Promise<void> {
    await this.reload();
    await this.sync.announce();
  }

  /** Every group, as loaded. */
  all(): GroupRow[] {
    return [...this.groups.values()];
  }

  /** A group by id. */
  group(id: number): GroupRow | undefined {
    return this.groups.get(id);
  }

  /** The permission strings a group holds. */
  permissions(groupId: number): ReadonlySet<string> {
    return this.grants.get(groupId) ?? EMPTY;
  }

  /** The group new users join (the one flagged default, else 10). */
  defaultGroupId(): number {
    for (const g of this.groups.values()) if (g.isDefault) return g.id;
    return GroupId.MEMBER;
  }
}

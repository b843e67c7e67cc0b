import { GroupId } from '@forum/contracts';
import type { Bus } from '../../platform/cache/bus.js';
import type { Db } from '../../platform/db/db.js';
import { listGrants, listGroups, type GroupRow } from './groups.repository.js';

const CHANNEL = 'groups.changed';
const EMPTY: ReadonlySet<string> = new Set();

/** Groups and their permission sets, cached; every instance reloads when any instance changes them. */
export class GroupsService {
  private groups = new Map<number, GroupRow>();
  private grants = new Map<number, ReadonlySet<string>>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  private readonly listeners: Array<() => void> = [];

  /** Calls fn after every change, local or announced by another instance (caches built on these). */
  onChange(fn: () => void): void {
    this.listeners.push(fn);
  }

  /** Loads the cache and listens for changes. */
  async start(): Promise<void> {
    await this.reload();
    this.bus.subscribe(
      CHANNEL,
      () =>
        void this.reload().then(
          () => this.listeners.forEach((fn) => fn()),
          () => {},
        ),
    );
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

  /** Tells every instance (this one too) to reload after a write. */
  async changed(): Promise<void> {
    await this.reload();
    this.listeners.forEach((fn) => fn());
    await this.bus.publish(CHANNEL, '1');
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

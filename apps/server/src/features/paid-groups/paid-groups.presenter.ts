import { UpgradeButton, type UpgradeGroupItem } from '@forum/contracts';
import { fenToYuan } from '../wallet/index.js';
import type { GroupRow } from '../groups/index.js';

/** A paid group for a member now in `current`: renew their own, upgrade to a higher level, nothing otherwise. */
export function presentUpgradeGroup(g: GroupRow, current: GroupRow | undefined): UpgradeGroupItem {
  const button =
    current?.id === g.id
      ? UpgradeButton.RENEW
      : g.level > (current?.isPaid ? current.level : 0)
        ? UpgradeButton.UPGRADE
        : UpgradeButton.NONE;
  return {
    groupId: g.id,
    name: g.name,
    description: g.description,
    notice: g.notice,
    color: g.color,
    icon: g.icon,
    isPaid: g.isPaid,
    fee: fenToYuan(BigInt(g.fee)),
    days: g.days,
    level: g.level,
    button,
  };
}

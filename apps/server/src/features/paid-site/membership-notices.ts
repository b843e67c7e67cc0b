import type { Localized, Notice } from '../notifications/index.js';
import type { OrderRow } from '../orders/index.js';

/** How a membership without an end reads in a template ("valid until further notice" in English). */
const NO_END: Localized = { zh: '长期有效', en: 'further notice' };

/** A membership's end for `{expiresAt}`: its UTC day, or "no end" (none, or the paid-forever far date). */
export function expiryText(end: Date | null): string | Localized {
  if (!end || end.getUTCFullYear() >= 9999) return NO_END;
  return end.toISOString().slice(0, 10);
}

/** The payer of a paid-site or paid-group order is told it took effect and until when (a system notice). */
export function membershipNotice(
  order: OrderRow,
  event: 'site.renewal' | 'group.upgraded' | 'group.renewed',
  end: Date | null,
  groupName = '',
): Notice {
  return {
    event,
    userId: order.userId,
    senderId: null,
    amountFen: order.amountFen,
    orderType: order.type,
    vars: { expiresAt: expiryText(end), ...(groupName && { groupName }) },
  };
}

import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import {
  notificationTplDetail,
  notificationTplList,
  notificationTplUpdate,
  type NoticeEvent,
  type NotificationTpl,
} from '@forum/contracts';
import type { BusReload } from '../../platform/cache/reload-on-bus.js';
import type { Db } from '../../platform/db/db.js';
import { notFound } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import { notificationTpls } from './notifications.table.js';
import { TEMPLATE_EN } from './templates-en.js';

type Row = typeof notificationTpls.$inferSelect;

function present(r: Row): NotificationTpl {
  return {
    id: r.id,
    noticeId: r.noticeId,
    typeName: r.typeName,
    type: r.type,
    status: r.status,
    title: r.title,
    content: r.content,
    typeNameEn: TEMPLATE_EN[r.noticeId as NoticeEvent]?.typeName ?? r.typeName,
    // Seeding fills the English of every system template; other channels may have none.
    titleEn: r.titleEn ?? '',
    contentEn: r.contentEn ?? '',
    vars: (r.vars ?? {}) as Record<string, string>,
  };
}

/**
 * The administrator's template calls (issue 10 §9): list (by event name, and status unless `typeStatus` is
 * empty or "all"), one event's templates, edit (either language); an edit is used by the next notification on
 * every instance.
 */
export function registerTemplateAdminRoutes(route: Route, db: Db, sync: BusReload): void {
  const admin = { admin: true };
  route(notificationTplList, admin, async (input) => {
    const where: SQL[] = [];
    if (input.name.trim())
      where.push(ilike(notificationTpls.typeName, `%${input.name.trim().replace(/[%_\\]/g, '\\$&')}%`));
    if (input.typeStatus === '0' || input.typeStatus === '1')
      where.push(eq(notificationTpls.status, Number(input.typeStatus)));
    const rows = await db
      .select()
      .from(notificationTpls)
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(notificationTpls.id));
    return rows.map(present);
  });
  route(notificationTplDetail, admin, async (input) => {
    const rows = await db
      .select()
      .from(notificationTpls)
      .where(eq(notificationTpls.typeName, input.typeName))
      .orderBy(asc(notificationTpls.type));
    if (!rows.length) throw notFound('typeName: no such template');
    return rows.map(present);
  });
  route(notificationTplUpdate, admin, async ({ id, ...patch }) => {
    const [row] = await db
      .update(notificationTpls)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(notificationTpls.id, id))
      .returning();
    if (!row) throw notFound('id: no such template');
    await sync.announce();
    return present(row);
  });
}

import {
  ReportType,
  reportCreate,
  reportsBatch,
  reportsDelete,
  reportsList,
  type ReportItem,
} from '@forum/contracts';
import { htmlToText } from '../../platform/content/sanitize.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import { findUserById } from '../users/index.js';
import { deleteReports, insertReport, listReports, setReportStatus } from './reports.repository.js';
import { pageReply } from '../../platform/http/page.js';

/** What reporting needs to check that the reported thing exists and is visible to the reporter. */
export interface ReportsDeps {
  db: Db;
  reader: { visibleThread(actor: Actor, threadId: number): Promise<{ id: number; userId: number }> };
  posts: {
    visiblePost(actor: Actor, postId: number): Promise<{ id: number; threadId: number; userId: number }>;
  };
}

/** Mounts `POST reports` (a user, a thread or a reply) and the administrator's report list and batches. */
export function registerReportsRoutes(route: Route, d: ReportsDeps): void {
  route(reportCreate, { auth: 'required', keepsGuestCache: true }, async (input, { actor }) => {
    let reportedUserId = input.userId;
    let threadId = input.threadId;
    if (input.type === ReportType.USER) {
      const u = input.userId ? await findUserById(d.db, input.userId) : null;
      if (!u) throw notFound('user not found');
    } else if (input.type === ReportType.THREAD) {
      if (!threadId) throw invalid('threadId is required');
      reportedUserId = (await d.reader.visibleThread(actor, threadId)).userId;
    } else {
      if (!input.postId) throw invalid('postId is required');
      const p = await d.posts.visiblePost(actor, input.postId);
      threadId = p.threadId;
      reportedUserId = p.userId;
    }
    const id = await insertReport(d.db, {
      userId: actor.userId!,
      reportedUserId,
      threadId,
      postId: input.type === ReportType.POST ? input.postId : 0,
      type: input.type,
      reason: input.reason,
    });
    return { id };
  });

  const admin = { admin: true, keepsGuestCache: true };
  route(reportsList, admin, async (input) => {
    const { rows, total } = await listReports(d.db, {
      status: input.status,
      type: input.type,
      limit: input.perPage,
      offset: (input.page - 1) * input.perPage,
    });
    const pageData: ReportItem[] = rows.map(({ r, reporterName, reportedName, title, postContent }) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      reason: r.reason,
      reporter: { userId: r.userId, nickname: reporterName },
      reported: { userId: r.reportedUserId, nickname: reportedName },
      threadId: r.threadId,
      postId: r.postId,
      excerpt: (r.type === ReportType.POST ? htmlToText(postContent) : title).slice(0, 100),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
    return pageReply(pageData, input.page, input.perPage, total);
  });
  route(reportsBatch, admin, async (input) => ({
    updated: await setReportStatus(d.db, [...new Set(input.ids)], input.status),
  }));
  route(reportsDelete, admin, async (input) => ({
    deleted: await deleteReports(d.db, [...new Set(input.ids)]),
  }));
}

import { ReportType, reportCreate } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import { findUserById } from '../users/index.js';
import { insertReport } from './reports.repository.js';

/** What reporting needs to check that the reported thing exists and is visible to the reporter. */
export interface ReportsDeps {
  db: Db;
  reader: { visibleThread(actor: Actor, threadId: number): Promise<{ id: number; userId: number }> };
  posts: {
    visiblePost(actor: Actor, postId: number): Promise<{ id: number; threadId: number; userId: number }>;
  };
}

/** Mounts `POST reports` (a user, a thread or a reply); the admin queue comes with the admin issue. */
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
}

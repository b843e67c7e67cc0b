import { definePlugin, type PluginActor, type PluginDb, type PluginServices } from '@forum/plugin-sdk/server';
import { activitySchema, closedReason, csvCell, type Activity } from './activity-rules.js';

const INVALID = -4001;
const FORBIDDEN = -4002;
const FULL = -4003;
const NOT_FOUND = -4004;
const LOGIN = -3001;

// What a person reads when a call is refused, in both languages: the reply carries the reader's.
const REFUSALS = {
  notStarted: { zh: '报名尚未开始', en: 'Sign-up has not opened yet' },
  ended: { zh: '报名已结束', en: 'Sign-up has closed' },
  full: { zh: '名额已满', en: 'Fully booked' },
  missing: { zh: '没有这个活动', en: 'No such activity' },
  organiserOnly: { zh: '只有发起人可以查看报名名单', en: 'Only the organiser can see who signed up' },
};

/** The export's column names in the reader's language. */
const CSV_HEADERS = {
  zh: ['用户 ID', '用户名', '昵称', '报名时间'],
  en: ['user id', 'username', 'nickname', 'signed up at'],
};

async function countOf(db: PluginDb, threadId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from plugin_activity_signups where thread_id = $1',
    [threadId],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Activity sign-up (issue 11 §7; the original's "活动报名" plugin): a thread block with the activity's times,
 * place and capacity; members sign up and cancel; the author (or an administrator) lists and exports them.
 */
export default definePlugin((sdk) => {
  const { z, PluginError } = sdk;
  const threadInput = z.object({
    threadId: z.coerce.number().int().min(1, { message: 'threadId is required' }),
  });

  /** The activity of a thread the actor may see (-4004 otherwise), for the sign-up calls. */
  const visibleActivity = async (actor: PluginActor, services: PluginServices, threadId: number) => {
    const thread = await services.visibleThread(actor, threadId);
    const block = thread?.blocks.find((b) => b.tomId === 'activity');
    if (!thread || !block) throw new PluginError(NOT_FOUND, REFUSALS.missing);
    return { thread, activity: block.body as Activity };
  };
  /** The author of the activity or an administrator; -4002 for anyone else. */
  const organiser = async (actor: PluginActor, services: PluginServices, threadId: number) => {
    const { thread } = await visibleActivity(actor, services, threadId);
    if (!actor.isAdmin && actor.userId !== thread.userId)
      throw new PluginError(FORBIDDEN, REFUSALS.organiserOnly);
    return thread;
  };
  const signups = (db: PluginDb, threadId: number, limit: number, offset: number) =>
    db.query<{ user_id: number; username: string; nickname: string; created_at: string }>(
      `select s.user_id, u.username, u.nickname, s.created_at
         from plugin_activity_signups s join users u on u.id = s.user_id
        where s.thread_id = $1 order by s.created_at, s.user_id limit $2 offset $3`,
      [threadId, limit, offset],
    );

  return {
    migrations: [
      {
        id: '001-signups',
        sql: `create table plugin_activity_signups (
                thread_id integer not null,
                user_id integer not null,
                created_at timestamptz not null default now(),
                primary key (thread_id, user_id)
              );
              create index plugin_activity_signups_user_idx on plugin_activity_signups (user_id)`,
      },
    ],
    blockType: {
      name: '活动报名',
      schema: activitySchema(sdk),
      filterable: true,
      perViewer: true,
      // Live figures for the viewer: how many signed up, whether they did, whether signing up is open.
      async show(ctx, stored) {
        const a = stored as Activity;
        const [count, mine] = await Promise.all([
          countOf(ctx.db, ctx.threadId),
          ctx.actor.userId == null
            ? Promise.resolve([])
            : ctx.db.query('select 1 from plugin_activity_signups where thread_id = $1 and user_id = $2', [
                ctx.threadId,
                ctx.actor.userId,
              ]),
        ]);
        return { ...a, count, isSignedUp: mine.length > 0, closed: closedReason(a, Date.now()) };
      },
    },
    routes: [
      {
        // The viewer's own figures, fetched by the card after the page loads (pages are shared renders).
        method: 'GET',
        path: 'signup.status',
        input: threadInput,
        async handler({ threadId }, { actor, services }) {
          const { thread, activity } = await visibleActivity(actor, services, threadId);
          const mine =
            actor.userId == null
              ? []
              : await services.db.query(
                  'select 1 from plugin_activity_signups where thread_id = $1 and user_id = $2',
                  [threadId, actor.userId],
                );
          return {
            count: await countOf(services.db, threadId),
            isSignedUp: mine.length > 0,
            closed: closedReason(activity, Date.now()),
            isOrganiser: actor.isAdmin || actor.userId === thread.userId,
          };
        },
      },
      {
        method: 'POST',
        path: 'signup.create',
        auth: 'required',
        input: threadInput,
        async handler({ threadId }, { actor, services }) {
          const { activity } = await visibleActivity(actor, services, threadId);
          const closed = closedReason(activity, Date.now());
          if (closed) throw new PluginError(INVALID, REFUSALS[closed]);
          if (actor.userId == null) throw new PluginError(LOGIN, '');
          const userId = actor.userId;
          // One sign-up at a time per activity, so the last seat is taken once.
          return services.db.transaction(async (db) => {
            await db.query(`select pg_advisory_xact_lock(hashtext('plugin_activity'), $1)`, [threadId]);
            const count = await countOf(db, threadId);
            const had = await db.query(
              'select 1 from plugin_activity_signups where thread_id = $1 and user_id = $2',
              [threadId, userId],
            );
            if (had.length) return { count, isSignedUp: true };
            if (activity.totalNumber > 0 && count >= activity.totalNumber)
              throw new PluginError(FULL, REFUSALS.full);
            await db.query('insert into plugin_activity_signups (thread_id, user_id) values ($1, $2)', [
              threadId,
              userId,
            ]);
            return { count: count + 1, isSignedUp: true };
          });
        },
      },
      {
        method: 'POST',
        path: 'signup.delete',
        auth: 'required',
        input: threadInput,
        async handler({ threadId }, { actor, services }) {
          await visibleActivity(actor, services, threadId);
          await services.db.query(
            'delete from plugin_activity_signups where thread_id = $1 and user_id = $2',
            [threadId, actor.userId],
          );
          return { count: await countOf(services.db, threadId), isSignedUp: false };
        },
      },
      {
        method: 'GET',
        path: 'signups',
        auth: 'required',
        input: threadInput.extend({
          page: z.coerce.number().int().min(1).default(1),
          perPage: z.coerce.number().int().min(1).max(100).default(50),
        }),
        async handler({ threadId, page, perPage }, { actor, services }) {
          await organiser(actor, services, threadId);
          const [rows, total] = await Promise.all([
            signups(services.db, threadId, perPage, (page - 1) * perPage),
            countOf(services.db, threadId),
          ]);
          return {
            pageData: rows.map((r) => ({
              userId: Number(r.user_id),
              username: r.username,
              nickname: r.nickname || r.username,
              createdAt: new Date(r.created_at).toISOString(),
            })),
            currentPage: page,
            perPage,
            totalCount: total,
            totalPage: Math.ceil(total / perPage),
          };
        },
      },
      {
        method: 'GET',
        path: 'signups.export',
        auth: 'required',
        input: threadInput,
        async handler({ threadId }, { actor, services, lang }) {
          await organiser(actor, services, threadId);
          const rows = await signups(services.db, threadId, 100_000, 0);
          const lines = [
            CSV_HEADERS[lang].map(csvCell).join(','),
            ...rows.map((r) =>
              [Number(r.user_id), r.username, r.nickname, new Date(r.created_at).toISOString()]
                .map(csvCell)
                .join(','),
            ),
          ];
          // A byte-order mark so spreadsheet programs read the Chinese names as UTF-8.
          return {
            file: {
              name: `activity-${threadId}.csv`,
              type: 'text/csv; charset=utf-8',
              body: `\uFEFF${lines.join('\r\n')}`,
            },
          };
        },
      },
    ],
  };
});

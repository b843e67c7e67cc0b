import type { FastifyInstance } from 'fastify';
import type { ForumServices } from './services.js';
import type { AdminAudit, Guard, Route } from './platform/http/router.js';
import { registerForumRoutes } from './features/forum/index.js';
import { registerInstallRoutes } from './features/install/index.js';
import { registerUsersRoutes } from './features/users/index.js';
import { mountThreads } from './features/threads/index.js';
import { mountFollows } from './features/follows/index.js';
import { registerStopWords } from './features/stop-words/index.js';
import { registerAttachments } from './features/attachments/index.js';
import { registerFeedsRoutes } from './features/feeds/index.js';
import { mountProfiles } from './features/profiles/index.js';
import { mountUsersAccount } from './features/users/users-account.routes.js';
import { mountUsersAdmin } from './features/users/users-admin.routes.js';
import { mountDialogs } from './features/dialogs/index.js';
import { mountNotifications, type Notify } from './features/notifications/index.js';
import { mountRealtime } from './features/realtime/index.js';
import { mountAdmin } from './features/admin/index.js';
import { mountSignInFields } from './features/signin-fields/index.js';
import { mountPlugins } from './features/plugins/index.js';
import { mountWallet } from './features/wallet/index.js';
import { mountCash } from './features/cash/index.js';
import { mountFinance } from './features/finance/index.js';
import { mountOrders } from './features/orders/index.js';
import { mountPaidContent } from './features/paid-content/index.js';
import { mountRedPackets } from './features/redpackets/index.js';
import { mountPaidSite } from './features/paid-site/index.js';
import { mountInvites } from './features/invites/index.js';
import { mountSms } from './features/sms/index.js';
import { mountOAuth } from './features/oauth/index.js';
import { startCaptcha } from './features/captcha/index.js';
import { mountTwoFactor } from './features/two-factor/index.js';
import { mountBackups } from './features/backups/index.js';
import { mountJobsAdmin } from './features/jobs/index.js';
import { mountMail } from './features/mail/index.js';
import { VERSION } from './version.js';

/** What a feature gets when it is mounted: the app, the route function and the shared services. */
export interface FeatureContext extends ForumServices {
  app: FastifyInstance;
  route: Route;
  /** Where administrators' writes are logged; the admin feature installs the recorder. */
  adminAudit: { record?: AdminAudit };
  /** The checks run before every handler; a feature may add one. */
  guards: Guard[];
}

/** Mounts every feature's routes (one line per feature; later issues add theirs here). */
export async function mountFeatures(ctx: FeatureContext): Promise<void> {
  registerForumRoutes(ctx.route, { forum: ctx.forum, isInstalled: () => ctx.install.isInstalled() });
  registerUsersRoutes(ctx.route, { users: ctx.users, gate: ctx.gate });
  // As in the original (and Discourse, NodeBB), public profiles and the user list are open to every visitor,
  // guests included, unless the site turns that off; then `user.view` grants decide.
  ctx.gate.registerPolicy('user.view', () =>
    ctx.settings.get('user_profile_public') === '0' ? 'abstain' : 'allow',
  );
  registerInstallRoutes(ctx.route, { install: ctx.install });
  const stopWords = await registerStopWords(ctx);
  ctx.users.setCensor((scope, text) => void stopWords.enforce(scope, text));
  const attachments = await registerAttachments(ctx);
  const threads = await mountThreads(ctx);
  const follows = mountFollows(ctx);
  threads.setFollowees(follows.followees);
  registerFeedsRoutes(ctx);
  // issue 9: people and messaging; replies, likes, mentions and follows notify through the notifier
  const notifier = await mountNotifications(ctx);
  // What is told is committed already (content, accounts, money): a failed notification is logged, never undoes it.
  const notify: Notify = (notices) =>
    notifier.send(notices).then(
      () => {},
      (err: unknown) => ctx.app.log.warn({ err }, 'notification failed'),
    );
  threads.setNotifier(notifier);
  follows.setNotifier(notifier);
  // A new account is welcomed to the site by name (the server's default name when none is set).
  ctx.users.welcome = (user) => {
    const siteName = ctx.settings.get('site_name');
    return notify([
      {
        event: 'registered',
        userId: user.id,
        senderId: null,
        vars: { siteName: siteName || { zh: '论坛', en: 'Forum' }, username: user.nickname },
      },
    ]);
  };
  mountProfiles(ctx);
  mountUsersAccount(ctx);
  mountDialogs({ ...ctx, stopWords });
  const realtime = mountRealtime(ctx);
  ctx.metrics?.watchRealtime(() => realtime.connections());
  // issue 10: the admin area's calls (every one -4002 for anyone but an administrator) and sign-in fields
  mountAdmin({ ...ctx, version: VERSION });
  const signIn = mountSignInFields({ ...ctx, uploads: attachments });
  const usersAdmin = mountUsersAdmin(ctx);
  usersAdmin.notify = notify;
  usersAdmin.examined = (userId, status, reason) => signIn.examined(userId, status, reason);
  // issue 11: server plugins (routes, tables, hooks, block types), switched on and off at runtime
  await mountPlugins(ctx, threads);
  // issue 12: money; the ledger core first (wallet and its admin calls)
  const { ledger } = mountWallet(ctx);
  const { orders } = mountOrders({ ...ctx, ledger });
  mountPaidContent({ ...ctx, orders, threads, notify });
  // issue 12 item 4: red packets and bounties (blocks 106 and 107, order types 9 and 10)
  mountRedPackets({ ...ctx, ledger, orders, threads, notify });
  // paid site, paid groups and invites: order kinds 1, 8 and 4, invite codes at registration
  mountPaidSite({ ...ctx, orders, notify });
  mountInvites(ctx);
  mountCash({ ...ctx, ledger, notifier });
  mountFinance(ctx);
  // issue 13: login flows; phone and text message codes, the proof-of-work captcha (registration, threads)
  const sms = mountSms(ctx);
  const captcha = await startCaptcha(ctx);
  threads.setCaptcha(captcha);
  ctx.users.captcha = captcha;
  await mountTwoFactor(ctx);
  // WeChat official-account login (H5, pc QR, binding) and OpenID Connect
  await mountOAuth({ ...ctx, sms });
  // operations: email over SMTP from the job queue (verified addresses, reset by email, notification email)
  mountMail(ctx);
  // operations: scheduled backups (one instance at a time) and their state on the admin dashboard
  mountBackups({ ...ctx, version: VERSION });
  mountJobsAdmin(ctx);
}

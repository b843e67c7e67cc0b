import { Code, type ForumData, type OtherPermissions } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/http/errors.js';
import type { Guard } from '../../platform/http/router.js';
import type { SettingsService } from '../settings/index.js';
import { parseStrength } from '../../platform/auth/password.js';
import { originalGroups, originalSetSite } from './forum-original.js';

/** Site-wide counts shown on the home page; features that own threads and posts add theirs. */
export type SiteCounter = () => Promise<Partial<{ threads: number; posts: number; users: number }>>;

/** Counts are recomputed after a write (the write generation moved), at most this often, and at least every TTL. */
const COUNT_MIN_INTERVAL_MS = 1_000;
const COUNT_TTL_MS = 30_000;

/** The `forum` reply and the site-closed guard. */
export class ForumService {
  private counts = { threads: 0, posts: 0, users: 0 };
  private countsAt = 0;
  private countsGeneration = -1;
  private readonly counters: SiteCounter[] = [];
  /** Which plugins are on (the plugins feature replaces it). */
  pluginStates: () => Record<string, boolean> = () => ({});
  /** Enabled plugins whose web part browsers load at runtime (the plugins feature replaces it). */
  runtimePlugins: () => Array<{ name: string; url: string }> = () => [];
  /** Whether the site sends email (the mail feature replaces it). */
  mailOpen: () => boolean = () => false;

  constructor(
    private readonly settings: SettingsService,
    private readonly gate: Gate,
    private readonly version: string,
    private readonly currentUser: (actor: Actor) => Promise<ForumData['user']>,
    /** The write generation (guest cache): a change means the counts may be out of date. */
    private readonly generation: () => number = () => 0,
  ) {}

  /** Adds a source of site counts. */
  addCounter(counter: SiteCounter): void {
    this.counters.push(counter);
  }

  /** Non-admins get -3005 with the closing message while the site is closed. */
  readonly siteClosedGuard: Guard = (actor, options) => {
    if (options.siteClosedExempt || actor.isAdmin || !this.settings.bool('site_close')) return;
    const msg = this.settings.get('site_close_msg');
    throw new AppError(Code.SITE_CLOSED, msg, { detail: msg });
  };

  /** The actor's site-wide abilities. */
  otherPermissions(actor: Actor): OtherPermissions {
    const g = this.gate;
    return {
      canViewThreads: g.canAnywhere(actor, 'viewThreads'),
      canCreateThread: g.canAnywhere(actor, 'createThread'),
      canReply: g.canAnywhere(actor, 'thread.reply'),
      canViewPosts: g.canAnywhere(actor, 'thread.viewPosts'),
      canViewUser: g.can(actor, 'user.view'),
      canFollow: g.can(actor, 'userFollow.create'),
      canCreateDialog: g.can(actor, 'dialog.create'),
      canInvite: g.can(actor, 'other.canInviteUserScale'),
      canCreateOrder: g.can(actor, 'order.create'),
      canWithdraw: g.can(actor, 'cash.create'),
      canViewAdmin: actor.isAdmin,
    };
  }

  /** Site settings, the actor's permissions and user. */
  async forum(actor: Actor, installed: boolean): Promise<ForumData> {
    const s = this.settings;
    const counts = await this.siteCounts();
    const otherPermissions = this.otherPermissions(actor);
    return {
      setSite: {
        siteName: s.get('site_name'),
        siteTitle: s.get('site_title'),
        siteKeywords: s.get('site_keywords'),
        siteIntroduction: s.get('site_introduction'),
        siteMode: s.get('site_mode') === 'pay' ? 'pay' : 'public',
        sitePayGroupClose: s.bool('site_pay_group_close'),
        siteClose: s.bool('site_close'),
        siteCloseMsg: s.get('site_close_msg'),
        siteFavicon: s.get('favicon'),
        siteLogo: s.get('logo'),
        siteHeaderLogo: s.get('header_logo'),
        siteBackgroundImage: s.get('background_image'),
        siteStat: s.get('site_stat'),
        siteRecord: s.get('site_record'),
        siteRecordCode: s.get('site_record_code'),
        siteUrl: s.get('site_url'),
        siteInstall: s.get('site_install'),
        isRegister: s.bool('register_close'),
        threadTab: s.int('thread_tab', 0),
        version: this.version,
        siteCount: counts,
        ...originalSetSite(s),
      },
      setReg: {
        registerClose: s.bool('register_close'),
        registerValidate: s.bool('register_validate'),
        registerCaptcha: s.bool('register_captcha'),
        registerType: s.int('register_type', 0),
        passwordLength: Math.max(6, s.int('password_length', 6)),
        passwordStrength: parseStrength(s.get('password_strength')),
      },
      agreement: {
        privacy: s.bool('privacy'),
        privacyContent: s.get('privacy_content'),
        register: s.bool('register'),
        registerContent: s.get('register_content'),
      },
      otherPermissions,
      user: await this.currentUser(actor),
      installed,
      plugins: this.pluginStates(),
      runtimePlugins: this.runtimePlugins(),
      ...originalGroups(s, counts, otherPermissions, this.mailOpen()),
    };
  }

  // A new site's first threads show at once, while a busy site counts at most once a second.
  private async siteCounts() {
    const age = Date.now() - this.countsAt;
    const gen = this.generation();
    const stale = age >= COUNT_TTL_MS || (gen !== this.countsGeneration && age >= COUNT_MIN_INTERVAL_MS);
    if (!stale) return this.counts;
    const parts = await Promise.all(this.counters.map((c) => c()));
    this.counts = Object.assign({ threads: 0, posts: 0, users: 0 }, ...parts);
    this.countsAt = Date.now();
    this.countsGeneration = gen;
    return this.counts;
  }
}

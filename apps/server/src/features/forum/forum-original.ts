import type { ForumData, OtherPermissions } from '@forum/contracts';
import type { SettingsService } from '../settings/index.js';

type SiteCounts = { threads: number; posts: number; users: number };

/** `setSite.siteManage` as stored (JSON), an empty list when unreadable. */
function siteManage(raw: string): ForumData['setSite']['siteManage'] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v as ForumData['setSite']['siteManage']) : [];
  } catch {
    return [];
  }
}

/** The `setSite` fields only the original Discuz! Q clients read. */
export function originalSetSite(s: SettingsService) {
  return {
    sitePrice: s.get('site_price'),
    siteExpire: s.get('site_expire'),
    siteManage: siteManage(s.get('site_manage')),
    // The client shows the owner's name and avatar where it has them; an id is what the setting holds.
    siteAuthor: { id: s.int('site_author', 0), username: '', avatar: '' },
    siteOpenSort: s.int('site_open_sort', 0),
    openViewCount: s.int('open_view_count', 0),
    siteCharge: s.int('site_charge', 0),
    siteCover: s.get('site_cover'),
    siteMinimumAmount: s.get('site_minimum_amount'),
  };
}

/**
 * The original's other `forum` groups. The mini-program, Tencent Cloud, maps and UCenter are services this forum does not
 * offer: their switches read off, so the original clients never start a flow (QR login, SMS) we do not serve.
 */
export function originalGroups(
  s: SettingsService,
  counts: SiteCounts,
  perms: OtherPermissions,
  mailOpen = false,
) {
  const num = (key: string) => Number(s.get(key)) || 0;
  const wechat = s.bool('offiaccount_close') && s.get('offiaccount_app_id') !== '';
  return {
    passport: {
      oidcOpen: s.bool('oidc_enabled') && s.get('oidc_issuer') !== '' && s.get('oidc_client_id') !== '',
      oidcName: s.get('oidc_name'),
      mailOpen,
      // Official-account login works when switched on with an app id (issue 13: H5, pc QR, binding).
      offiaccountOpen: wechat,
      miniprogramOpen: false,
      oplatformOpen: false,
      offiaccountClose: wechat,
      miniprogramClose: false,
      oplatformClose: false,
    },
    paycenter: { wxpayClose: false, wxpayIos: false, wxpayMchpayClose: false, wxpayMchpayClose2: false },
    setAttach: {
      supportImgExt: s.get('support_img_ext'),
      supportFileExt: s.get('support_file_ext'),
      supportMaxSize: s.int('support_max_size', 5),
      supportMaxDownloadNum: s.int('support_max_download_num', 0),
    },
    qcloud: {
      qcloudClose: false,
      qcloudAppId: '',
      // Text messages work when switched on (issue 13: console or Tencent Cloud provider).
      qcloudSms: s.bool('qcloud_sms'),
      qcloudCaptcha: false,
      qcloudCaptchaAppId: '',
      qcloudFaceid: false,
      qcloudCos: false,
      qcloudCosDocPreview: false,
      qcloudVod: false,
      qcloudVodAutoPlay: s.bool('qcloud_vod_auto_play'),
      qcloudVodExt: '',
      qcloudVodSize: '',
    },
    setCash: {
      cashIntervalTime: num('cash_interval_time'),
      cashRate: num('cash_rate'),
      cashMinSum: num('cash_min_sum'),
      cashMaxSum: num('cash_max_sum'),
      cashSumLimit: num('cash_sum_limit'),
    },
    other: {
      countUsers: counts.users,
      countThreads: counts.threads,
      countPosts: counts.posts,
      canCreateThread: perms.canCreateThread,
      canViewThreads: perms.canViewThreads,
      canInviteUserScale: perms.canInvite,
      threadOptimize: s.bool('thread_optimize'),
    },
    lbs: { lbs: false, qqLbsKey: '' },
    ucenter: { ucenter: false },
  };
}

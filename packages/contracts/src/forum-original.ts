import { z } from 'zod';

/**
 * The groups of the `forum` reply that the original Discuz! Q clients read besides `setSite` and `setReg`
 * (reference §1.15), with the original's names and types. Switches for services this forum does not offer
 * (WeChat logins and pay, Tencent SMS, captcha, face check, storage, maps, UCenter) read as off, so those
 * clients never start a flow we cannot finish.
 */
export const forumOriginalGroups = {
  passport: z.object({
    /** Not in the original: a generic OpenID Connect provider, and its button's name. */
    oidcOpen: z.boolean(),
    oidcName: z.string(),
    /** Not in the original: the site sends email (password reset by email, verified addresses). */
    mailOpen: z.boolean(),
    offiaccountOpen: z.boolean(),
    miniprogramOpen: z.boolean(),
    oplatformOpen: z.boolean(),
    offiaccountClose: z.boolean(),
    miniprogramClose: z.boolean(),
    oplatformClose: z.boolean(),
  }),
  paycenter: z.object({
    wxpayClose: z.boolean(),
    wxpayIos: z.boolean(),
    wxpayMchpayClose: z.boolean(),
    wxpayMchpayClose2: z.boolean(),
  }),
  setAttach: z.object({
    supportImgExt: z.string(),
    supportFileExt: z.string(),
    supportMaxSize: z.number().int(),
    supportMaxDownloadNum: z.number().int(),
  }),
  qcloud: z.object({
    qcloudClose: z.boolean(),
    qcloudAppId: z.string(),
    qcloudSms: z.boolean(),
    qcloudCaptcha: z.boolean(),
    qcloudCaptchaAppId: z.string(),
    qcloudFaceid: z.boolean(),
    qcloudCos: z.boolean(),
    qcloudCosDocPreview: z.boolean(),
    qcloudVod: z.boolean(),
    qcloudVodAutoPlay: z.boolean(),
    qcloudVodExt: z.string(),
    qcloudVodSize: z.string(),
  }),
  setCash: z.object({
    cashIntervalTime: z.number(),
    cashRate: z.number(),
    cashMinSum: z.number(),
    cashMaxSum: z.number(),
    cashSumLimit: z.number(),
  }),
  other: z.object({
    countUsers: z.number().int(),
    countThreads: z.number().int(),
    countPosts: z.number().int(),
    canCreateThread: z.boolean(),
    canViewThreads: z.boolean(),
    canInviteUserScale: z.boolean(),
    threadOptimize: z.boolean(),
  }),
  lbs: z.object({ lbs: z.boolean(), qqLbsKey: z.string() }),
  ucenter: z.object({ ucenter: z.boolean() }),
};

/** `setSite` fields only the original clients read. */
export const setSiteOriginal = {
  sitePrice: z.string(),
  siteExpire: z.string(),
  siteManage: z.array(z.object({ key: z.number(), desc: z.string(), value: z.boolean() })),
  siteAuthor: z.object({ id: z.number().int(), username: z.string(), avatar: z.string() }),
  siteOpenSort: z.number().int(),
  openViewCount: z.number().int(),
  siteCharge: z.number().int(),
  siteCover: z.string(),
  siteMinimumAmount: z.string(),
};

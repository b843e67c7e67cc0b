import { z } from 'zod';

// What each known setting's value may be (reference §1.15, §6). One set of zod schemas serves the server
// (a wrong value is -4001 naming the key, never stored) and the admin forms (the same message inline, before
// anything is sent). Keys not listed are the original's free-form ones (plugins, third parties): text.

const bool = z.string().regex(/^[01]$/, 'must be 0 or 1');
const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, `must be a whole number from ${min} to ${max}`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `must be a whole number from ${min} to ${max}`);
const money = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount up to 100000 with two decimals')
  .refine((v) => Number(v) <= 100_000, 'must be an amount up to 100000 with two decimals');
const text = (max: number) =>
  z.string().refine((v) => [...v].length <= max, `can be at most ${max} characters`);
const oneOf = (...allowed: [string, ...string[]]) =>
  z.string().refine((v) => allowed.includes(v), `must be one of ${allowed.join(', ')}`);
const extList = z
  .string()
  .regex(/^$|^[a-z0-9]{1,10}(,[a-z0-9]{1,10})*$/, 'must be extensions separated by commas (png,jpg)');
const picture = z
  .string()
  .regex(/^$|^(https?:\/\/|\/)[^\s"'<>]*$/, 'must be a site path or an http(s) address');
const strength = z.string().regex(/^$|^[0-3](,[0-3])*$/, 'must list 0-3 separated by commas');

/** The value rule of each known setting key. */
export const SETTING_RULES: Record<string, z.ZodType<string, string>> = {
  site_name: text(30),
  site_title: text(60),
  site_keywords: text(200),
  site_introduction: text(500),
  site_mode: oneOf('public', 'pay'),
  site_close: bool,
  site_close_msg: text(500),
  site_stat: text(5000),
  site_record: text(100),
  site_record_code: text(100),
  logo: picture,
  header_logo: picture,
  favicon: picture,
  background_image: picture,
  site_price: money,
  site_expire: int(0, 36_500),
  site_author_scale: int(0, 10),
  site_master_scale: int(0, 10),
  open_view_count: bool,
  thread_tab: int(0, 4),
  thread_post_interval: int(0, 86_400),
  register_close: bool,
  register_validate: bool,
  register_captcha: bool,
  register_type: int(0, 2),
  qcloud_sms: bool,
  qcloud_cos: bool,
  qcloud_cos_bucket_name: z
    .string()
    .regex(
      /^$|^[a-z0-9][a-z0-9-]{0,48}-\d{5,12}$/,
      'must be a COS bucket name with its APPID (forum-1250000000)',
    ),
  qcloud_cos_bucket_area: z
    .string()
    .regex(/^$|^[a-z0-9-]{1,40}$/, 'must be a region name such as ap-guangzhou'),
  qcloud_cos_cdn_url: z.string().regex(/^$|^https?:\/\/[^\s"'<>]+$/, 'must be an http(s) address'),
  captcha_difficulty: int(8, 24),
  two_factor_admin_required: bool,
  // '' is the database kind's default: daily on the embedded server, off on DATABASE_URL.
  backup_schedule: oneOf('', 'off', 'daily', 'weekly'),
  backup_keep: int(1, 365),
  backup_dir: text(500),
  qcloud_sms_region: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as ap-guangzhou'),
  qcloud_sms_endpoint: z.string().regex(/^https?:\/\/[^\s/]+\/?$/, 'must be an http(s) origin'),
  offiaccount_close: bool,
  oidc_enabled: bool,
  oidc_name: text(40),
  oidc_issuer: z.string().regex(/^(https?:\/\/[^\s]+)?$/, 'must be an http(s) URL'),
  oidc_scopes: z.string().regex(/^openid( [\w:.-]+)*$/, 'must start with openid, separated by spaces'),
  offiaccount_app_id: z.string().regex(/^[A-Za-z0-9_-]{0,64}$/, 'must be an app id such as wx1234abcd'),
  wechat_oauth_authorize_url: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'),
  wechat_api_origin: z.string().regex(/^https?:\/\/[^\s/]+\/?$/, 'must be an http(s) origin'),
  password_length: int(6, 50),
  password_strength: strength,
  open_ext_fields: bool,
  support_img_ext: extList,
  support_file_ext: extList,
  support_max_size: int(1, 1024),
  support_max_download_num: int(0, 100_000),
  username_bout: int(0, 100),
  privacy: bool,
  register: bool,
  privacy_content: text(20_000),
  register_content: text(20_000),
  cash_min_sum: money,
  cash_max_sum: money,
  cash_sum_limit: money,
  cash_rate: z.string().regex(/^0(\.\d{1,4})?$|^1$/, 'must be a rate from 0 to 1'),
  cash_interval_time: int(0, 365),
  ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((i) => [`site_create_thread${i}`, bool])),
  site_charge: bool,
  site_pay_group_close: bool,
  pay_sandbox_open: bool,
  wxpay_close: bool,
  wxpay_mchid: z.string().regex(/^\d{0,32}$/, 'must be the merchant number (digits)'),
  wxpay_appid: z.string().regex(/^[A-Za-z0-9_-]{0,64}$/, 'must be an app id such as wx1234abcd'),
  wxpay_mch_serial: z.string().regex(/^[A-Fa-f0-9]{0,64}$/, 'must be a certificate serial (hex)'),
  wxpay_platform_serial: z.string().regex(/^[A-Za-z0-9_]{0,80}$/, 'must be a certificate serial'),
  // Read back masked (******): the mask sent back unchanged keeps the stored key.
  wxpay_apiv3_secret: z.string().regex(/^$|^\*{6}$|^[\x21-\x7e]{32}$/, 'must be the 32-character APIv3 key'),
  wxpay_mch_private_key: z
    .string()
    .regex(/^$|^\*{6}$|-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'must be a PEM private key'),
  wxpay_platform_public_key: z.string().regex(/^$|-----BEGIN PUBLIC KEY-----/, 'must be a PEM public key'),
  // Email (SMTP): 'tls' connects encrypted (port 465), 'starttls' upgrades and requires it (587), 'none' only for
  // a relay on the same machine or network.
  mail_open: bool,
  mail_host: z.string().regex(/^$|^[A-Za-z0-9.-]{1,253}$|^\[[0-9A-Fa-f:.]+\]$/, 'must be a host name'),
  mail_port: int(1, 65_535),
  mail_secure: oneOf('tls', 'starttls', 'none'),
  mail_tls_verify: bool,
  mail_username: text(200),
  mail_from: z
    .string()
    .regex(/^$|^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/, 'must be an email address'),
  mail_from_name: text(60),
  mail_digest_hour: int(0, 23),
  site_url: z.string().regex(/^$|^https?:\/\/[^\s"'<>]+$/, 'must be an http(s) address'),
  wxpay_api_base: z.string().regex(/^$|^https?:\/\/[^\s/]+\/?$/, 'must be an http(s) origin'),
};

/** The problem with one value ("must be 0 or 1"), or null. */
export function settingValueProblem(key: string, value: string): string | null {
  const r = SETTING_RULES[key]?.safeParse(value);
  return r && !r.success ? (r.error.issues[0]?.message ?? 'invalid') : null;
}

/**
 * The original's cross-field rules on the values a batch leaves (`next(key)`: the new value, else the stored
 * one): the problem as `key: message`, or null.
 */
export function settingsCrossProblem(next: (key: string) => string): string | null {
  if (next('site_mode') === 'pay' && !(Number(next('site_price')) > 0)) {
    return 'site_price: a paid site needs a price above 0';
  }
  // Reference §1.9: the split is in tenths and covers the whole price, or is off (both 0).
  const scales = Number(next('site_author_scale')) + Number(next('site_master_scale'));
  if (scales !== 10 && scales !== 0) {
    return 'site_author_scale: the author and site shares add up to 10 tenths, or are both 0';
  }
  if (Number(next('cash_min_sum')) > Number(next('cash_max_sum'))) {
    return 'cash_min_sum: the minimum withdrawal cannot exceed the maximum';
  }
  if (next('qcloud_cos') === '1' && !(next('qcloud_cos_bucket_name') && next('qcloud_cos_bucket_area'))) {
    return 'qcloud_cos_bucket_name: COS storage needs its bucket and region';
  }
  if (next('mail_open') === '1' && !(next('mail_host') && next('mail_from'))) {
    return 'mail_host: sending email needs the SMTP server and the from address';
  }
  if (next('site_close') === '1' && !next('site_close_msg').trim()) {
    return 'site_close_msg: a closed site needs a message for its visitors';
  }
  return null;
}

/**
 * A form schema over some setting keys (values as text): each key's rule, then the cross-field rules against
 * the values the form leaves; an issue's path is the key, so a form shows it next to that field.
 */
export function settingsFormSchema(
  keys: string[],
  stored: (key: string) => string,
): z.ZodType<Record<string, string>, Record<string, string>> {
  const shape = Object.fromEntries(keys.map((k) => [k, SETTING_RULES[k] ?? z.string()]));
  return z.object(shape).superRefine((values, ctx) => {
    const problem = settingsCrossProblem((k) => (k in values ? String(values[k]) : stored(k)));
    if (!problem) return;
    const i = problem.indexOf(':');
    const key = problem.slice(0, i);
    ctx.addIssue({
      code: 'custom',
      path: [keys.includes(key) ? key : keys[0]!],
      message: problem.slice(i + 2),
    });
  });
}

import type { SettingItem } from '@forum/contracts';

/** A rule a setting's new value must pass; returns the problem, or null. */
type Rule = (value: string) => string | null;

const bool: Rule = (v) => (v === '0' || v === '1' ? null : 'must be 0 or 1');
const int =
  (min: number, max: number): Rule =>
  (v) =>
    /^-?\d+$/.test(v) && Number(v) >= min && Number(v) <= max
      ? null
      : `must be a whole number from ${min} to ${max}`;
const money: Rule = (v) =>
  /^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= 100_000
    ? null
    : 'must be an amount up to 100000 with two decimals';
const text =
  (max: number): Rule =>
  (v) =>
    [...v].length <= max ? null : `can be at most ${max} characters`;
const oneOf =
  (...allowed: string[]): Rule =>
  (v) =>
    allowed.includes(v) ? null : `must be one of ${allowed.join(', ')}`;
const extList: Rule = (v) =>
  v === '' || /^[a-z0-9]{1,10}(,[a-z0-9]{1,10})*$/.test(v)
    ? null
    : 'must be extensions separated by commas (png,jpg)';
const picture: Rule = (v) =>
  v === '' || /^(https?:\/\/|\/)[^\s"'<>]*$/.test(v) ? null : 'must be a site path or an http(s) address';
const strength: Rule = (v) =>
  v === '' || /^[0-3](,[0-3])*$/.test(v) ? null : 'must list 0-3 separated by commas';

/**
 * Known settings and what their values may be (reference §6): a wrong value is -4001 naming the key, never
 * stored. Keys not listed are the original's free-form ones (plugins, agreements, third parties): text.
 */
const RULES: Record<string, Rule> = {
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
  password_length: int(6, 50),
  password_strength: strength,
  open_ext_fields: bool,
  support_img_ext: extList,
  support_file_ext: extList,
  support_max_size: int(1, 1024),
  username_bout: int(0, 100),
  privacy: bool,
  register: bool,
  cash_min_sum: money,
  cash_max_sum: money,
  cash_sum_limit: money,
  cash_rate: (v) => (/^0(\.\d{1,4})?$|^1$/.test(v) ? null : 'must be a rate from 0 to 1'),
  cash_interval_time: int(0, 365),
  ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((i) => [`site_create_thread${i}`, bool])),
};

/** The first problem of a batch of new values, checked one by one and then across fields; null when fine. */
export function settingsProblem(items: SettingItem[], current: (key: string) => string): string | null {
  for (const it of items) {
    if (!/^[a-z][a-z0-9_]{0,99}$/.test(it.key)) return `${it.key}: not a setting name`;
    const problem = RULES[it.key]?.(it.value);
    if (problem) return `${it.key}: ${problem}`;
  }
  // Cross-field rules of the original: the value after this batch, else the stored one.
  const next = (key: string) => items.find((i) => i.key === key)?.value ?? current(key);
  if (next('site_mode') === 'pay' && !(Number(next('site_price')) > 0)) {
    return 'site_price: a paid site needs a price above 0';
  }
  if (Number(next('site_author_scale')) + Number(next('site_master_scale')) > 10) {
    return 'site_author_scale: the author and site shares add up to at most 10 tenths';
  }
  if (Number(next('cash_min_sum')) > Number(next('cash_max_sum'))) {
    return 'cash_min_sum: the minimum withdrawal cannot exceed the maximum';
  }
  if (next('site_close') === '1' && !next('site_close_msg').trim()) {
    return 'site_close_msg: a closed site needs a message for its visitors';
  }
  return null;
}

/** Keys whose values are secrets: shown masked to the admin area, never in full. */
export function isSecretKey(key: string): boolean {
  return /(secret|password|private_key|app_key|api_key|token)$/i.test(key);
}

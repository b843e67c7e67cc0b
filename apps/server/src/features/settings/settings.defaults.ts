/** A setting's default value and tag (reference §6 and §1.15). Values are strings, as stored. */
export interface SettingDefault {
  tag: string;
  value: string;
}

/** Defaults of a new site; a key missing from the database reads as its default. */
export const SETTING_DEFAULTS: Record<string, SettingDefault> = {
  site_name: { tag: 'default', value: '' },
  site_title: { tag: 'default', value: '' },
  site_keywords: { tag: 'default', value: '' },
  site_introduction: { tag: 'default', value: '' },
  site_mode: { tag: 'default', value: 'public' },
  site_close: { tag: 'default', value: '0' },
  site_close_msg: { tag: 'default', value: '' },
  /** Public profiles: anyone, guests included, reads a user's public fields and the user list ('0': only groups granted `user.view`). */
  user_profile_public: { tag: 'default', value: '1' },
  favicon: { tag: 'default', value: '' },
  logo: { tag: 'default', value: '' },
  header_logo: { tag: 'default', value: '' },
  background_image: { tag: 'default', value: '' },
  site_stat: { tag: 'default', value: '' },
  site_record: { tag: 'default', value: '' },
  site_record_code: { tag: 'default', value: '' },
  site_url: { tag: 'default', value: '' },
  site_install: { tag: 'default', value: '' },
  site_author: { tag: 'default', value: '1' },
  site_master_scale: { tag: 'default', value: '0' },
  site_author_scale: { tag: 'default', value: '10' },
  site_price: { tag: 'default', value: '0' },
  site_expire: { tag: 'default', value: '0' },
  site_pay_group_close: { tag: 'default', value: '0' },
  site_open_sort: { tag: 'default', value: '0' },
  site_charge: { tag: 'default', value: '0' },
  /** The built-in sandbox payment provider (development and tests only): 1 = on. */
  pay_sandbox_open: { tag: 'default', value: '0' },
  /** WeChat Pay API v3 (features/orders/providers/wechat-pay.ts): on unless closed and every key is set. */
  wxpay_close: { tag: 'wxpay', value: '0' },
  wxpay_mchid: { tag: 'wxpay', value: '' },
  wxpay_appid: { tag: 'wxpay', value: '' },
  wxpay_mch_serial: { tag: 'wxpay', value: '' },
  wxpay_mch_private_key: { tag: 'wxpay', value: '' },
  wxpay_apiv3_secret: { tag: 'wxpay', value: '' },
  wxpay_platform_serial: { tag: 'wxpay', value: '' },
  wxpay_platform_public_key: { tag: 'wxpay', value: '' },
  /** The API's origin; empty means WeChat's own (a test's fake sets it). */
  wxpay_api_base: { tag: 'wxpay', value: '' },
  open_view_count: { tag: 'default', value: '0' },
  site_create_thread0: { tag: 'default', value: '1' },
  site_create_thread1: { tag: 'default', value: '1' },
  site_create_thread2: { tag: 'default', value: '1' },
  site_create_thread3: { tag: 'default', value: '1' },
  site_create_thread4: { tag: 'default', value: '1' },
  site_create_thread5: { tag: 'default', value: '0' },
  site_create_thread6: { tag: 'default', value: '1' },
  site_manage: {
    tag: 'default',
    value:
      '[{"key":1,"desc":"PC","value":true},{"key":2,"desc":"H5","value":true},{"key":3,"desc":"mini","value":true}]',
  },
  api_freq: {
    tag: 'default',
    value: '{"get":{"freq":500,"forbidden":20},"post":{"freq":200,"forbidden":30}}',
  },
  open_api_log: { tag: 'default', value: '0' },
  thread_tab: { tag: 'default', value: '0' },
  username_bout: { tag: 'default', value: '1' },
  open_ext_fields: { tag: 'default', value: '0' },
  /** Seconds between two threads by one user (reference §1.3: 30 s). */
  thread_post_interval: { tag: 'default', value: '30' },
  support_img_ext: { tag: 'default', value: 'png,gif,jpg,jpeg,heic,heif,webp' },
  support_file_ext: { tag: 'default', value: 'doc,docx,pdf,zip' },
  support_max_size: { tag: 'default', value: '5' },
  /** Downloads of attachment files per member per day; 0 means no limit. */
  support_max_download_num: { tag: 'default', value: '0' },
  register_close: { tag: 'default', value: '1' },
  register_validate: { tag: 'default', value: '0' },
  register_captcha: { tag: 'default', value: '0' },
  register_type: { tag: 'default', value: '0' },
  password_length: { tag: 'default', value: '6' },
  password_strength: { tag: 'default', value: '' },
  is_need_transition: { tag: 'default', value: '1' },
  /** Proof-of-work captcha: leading zero bits a browser must find (16 ≈ a second), and its signing secret. */
  captcha_difficulty: { tag: 'captcha', value: '16' },
  captcha_secret: { tag: 'captcha', value: '' },
  /** Two-factor authentication: required of administrators for admin calls; the login-step signing secret. */
  two_factor_admin_required: { tag: 'two_factor', value: '0' },
  backup_schedule: { tag: 'backup', value: '' },
  backup_keep: { tag: 'backup', value: '7' },
  backup_dir: { tag: 'backup', value: '' },
  two_factor_secret: { tag: 'two_factor', value: '' },
  /** Email over SMTP (features/mail): on/off, server, port, 'tls' | 'starttls' | 'none', login, sender. */
  mail_open: { tag: 'mail', value: '0' },
  mail_host: { tag: 'mail', value: '' },
  mail_port: { tag: 'mail', value: '587' },
  mail_secure: { tag: 'mail', value: 'starttls' },
  /** '0' accepts any certificate from the SMTP server (a self-signed relay); verified by default. */
  mail_tls_verify: { tag: 'mail', value: '1' },
  mail_username: { tag: 'mail', value: '' },
  mail_password: { tag: 'mail', value: '' },
  mail_from: { tag: 'mail', value: '' },
  /** The sender's name ('' = the site name). */
  mail_from_name: { tag: 'mail', value: '' },
  /** The hour (0-23, the server's time zone) the daily digest goes out. */
  mail_digest_hour: { tag: 'mail', value: '9' },
  /** The local day (YYYY-MM-DD) whose digests were sent (written by the digest check). */
  mail_digest_day: { tag: 'mail', value: '' },
  /** Signs the unsubscribe links in notification email (made on first use). */
  mail_secret: { tag: 'mail', value: '' },
  qcloud_sms: { tag: 'qcloud', value: '0' },
  qcloud_secret_id: { tag: 'qcloud', value: '' },
  qcloud_secret_key: { tag: 'qcloud', value: '' },
  qcloud_sms_app_id: { tag: 'qcloud', value: '' },
  qcloud_sms_sign: { tag: 'qcloud', value: '' },
  qcloud_sms_template_id: { tag: 'qcloud', value: '' },
  qcloud_sms_region: { tag: 'qcloud', value: 'ap-guangzhou' },
  /** The SMS API origin; only a test or a private gateway changes it. */
  qcloud_sms_endpoint: { tag: 'qcloud', value: 'https://sms.tencentcloudapi.com' },
  qcloud_vod: { tag: 'qcloud', value: '0' },
  /** Tencent COS for every uploaded file (unless STORAGE_URL names a store): bucket with APPID, region, CDN base. */
  qcloud_cos: { tag: 'qcloud', value: '0' },
  qcloud_cos_bucket_name: { tag: 'qcloud', value: '' },
  qcloud_cos_bucket_area: { tag: 'qcloud', value: '' },
  qcloud_cos_cdn_url: { tag: 'qcloud', value: '' },
  /** WeChat official-account login: 1 means on (the original's inverted name), its app id and secret. */
  offiaccount_close: { tag: 'wx_offiaccount', value: '0' },
  offiaccount_app_id: { tag: 'wx_offiaccount', value: '' },
  offiaccount_app_secret: { tag: 'wx_offiaccount', value: '' },
  /** WeChat OAuth endpoints; only a test, the local fake or a private gateway changes them. */
  wechat_oauth_authorize_url: {
    tag: 'wx_offiaccount',
    value: 'https://open.weixin.qq.com/connect/oauth2/authorize',
  },
  wechat_api_origin: { tag: 'wx_offiaccount', value: 'https://api.weixin.qq.com' },
  /** A generic OpenID Connect provider (beyond the original): on/off, its button name, issuer and client. */
  oidc_enabled: { tag: 'oidc', value: '0' },
  oidc_name: { tag: 'oidc', value: 'OpenID' },
  oidc_issuer: { tag: 'oidc', value: '' },
  oidc_client_id: { tag: 'oidc', value: '' },
  oidc_client_secret: { tag: 'oidc', value: '' },
  oidc_scopes: { tag: 'oidc', value: 'openid profile email' },
  /** Signs the third-party flows' state and session tokens (made on first start). */
  oauth_state_secret: { tag: 'oauth', value: '' },
  qcloud_vod_auto_play: { tag: 'qcloud', value: '1' },
  miniprogram_video: { tag: 'wx_miniprogram', value: '0' },
  cash_interval_time: { tag: 'cash', value: '0' },
  cash_rate: { tag: 'cash', value: '0' },
  cash_min_sum: { tag: 'cash', value: '0' },
  cash_max_sum: { tag: 'cash', value: '5000' },
  cash_sum_limit: { tag: 'cash', value: '5000' },
  privacy: { tag: 'agreement', value: '0' },
  privacy_content: { tag: 'agreement', value: '' },
  register: { tag: 'agreement', value: '0' },
  register_content: { tag: 'agreement', value: '' },
};

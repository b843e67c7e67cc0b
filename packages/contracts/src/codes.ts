/** The one error-code catalogue: spec §8 plus the original's codes (reference §2.2). */
export const Code = {
  SUCCESS: 0,
  OTHER: -1,
  TIMEOUT: -500,
  JUMP_TO_LOGIN: -3001,
  JUMP_TO_REGISTER: -3002,
  JUMP_TO_AUDIT: -3003,
  JUMP_TO_HOME_INDEX: -3004,
  SITE_CLOSED: -3005,
  JUMP_TO_PAY_SITE: -3006,
  JUMP_TO_SIGIN_FIELDS: -3007,
  INVALID_PARAMETER: -4001,
  UNAUTHORIZED: -4002,
  RESOURCE_EXIST: -4003,
  RESOURCE_NOT_FOUND: -4004,
  RESOURCE_IN_USE: -4005,
  CONTENT_BANNED: -4006,
  VALIDATE_REJECT: -4007,
  VALIDATE_IGNORE: -4008,
  USER_BAN: -4009,
  RESOURCE_EXPIRED: -4010,
  INVALID_TOKEN: -4011,
  NET_ERROR: -5001,
  INTERNAL_ERROR: -5002,
  DB_ERROR: -5003,
  EXTERNAL_API_ERROR: -5004,
  CENSOR_NOT_PASSED: -5005,
  UNKNOWN_ERROR: -6001,
  DEBUG_ERROR: -6002,
  QRCODE_TIMEOUT: -7001,
  QRCODE_SCANNING: -7002,
  QRCODE_ERROR: -7003,
  SESSION_TOKEN_EXPIRED: -7004,
  NOT_FOUND_USER: -7005,
  NOT_FOUND_WECHAT_USER: -7006,
  QRCODE_LOGIN_FAILED: -7007,
  QRCODE_TYPE_ERROR: -7008,
  NEED_BIND_OR_CREATE_USER: -7016,
  REBIND_FAILED: -7017,
  MOBILE_BOUND: -7031,
  REGISTER_CLOSED: -7032,
  BAD_REGISTER_TYPE: -7033,
  SAME_PASSWORD: -7034,
  VERIFY_OLD_PHONE: -7035,
  ENTER_NEW_PHONE: -7036,
  ACCOUNT_BOUND: -7037,
  LOGIN_FAILED: -7040,
  NAME_TOO_LONG: -7041,
  USERNAME_EXISTS: -7042,
  SMS_OFF: -7043,
  AUTH_EXPIRED: -7045,
  FOLLOW_SELF: -7059,
  FOLLOW_TARGET_MISSING: -7060,
  BLOCKED_BY_THEM: -7061,
  WRONG_CREDENTIALS: -7062,
  ILLEGAL_PASSWORD: -7067,
  YOU_BLOCKED_THEM: -7068,
  SPACE_IN_PASSWORD: -7069,
  SPACE_IN_USERNAME: -7073,
  TOO_MANY_REGISTRATIONS: -7074,
  CATEGORY_MISSING: -7076,
  BAD_MOBILE: -7078,
  DOWNLOAD_LIMIT: -7083,
  WECHAT_NOT_OPEN: -7087,
  /** Not in the original: the password was right, now the authenticator code (Data.twoFactorToken). */
  TWO_FACTOR_REQUIRED: -7090,
  /** Not in the original: a wrong or used authenticator or recovery code. */
  TWO_FACTOR_WRONG: -7091,
  NEED_BIND_WECHAT: -8000,
  NEED_BIND_PHONE: -8001,
  SMS_NOT_OPEN: -9001,
  SMS_WRONG_CODE: -9002,
  SMS_CODE_EXPIRED: -9003,
  PAY_ORDER_FAIL: -10000,
  NOT_INSTALL: -10001,
  DIALOG_MESSAGE_DISABLE: -11000,
  /** Not in the original: rate limited (the original reused -5002; a distinct code lets clients back off). */
  TOO_MANY_REQUESTS: -4029,
  /**
   * Not in the original: the database is out of reach for a moment (its server restarting, a connection lost);
   * HTTP 503 with Retry-After. Distinct from -5002 so clients wait and retry rather than report a failure.
   */
  SERVICE_UNAVAILABLE: -5006,
} as const;

/** A numeric response code from the catalogue. */
export type CodeValue = (typeof Code)[keyof typeof Code];

/** The HTTP status that carries each code's error class (architecture §1); the envelope is always present. */
export function httpStatusForCode(code: number): number {
  if (code === Code.SUCCESS) return 200;
  if (code === Code.INVALID_TOKEN || code === Code.JUMP_TO_LOGIN) return 401;
  if (code === Code.RESOURCE_NOT_FOUND) return 404;
  if (code === Code.RESOURCE_EXIST || code === Code.RESOURCE_IN_USE) return 409;
  if (code === Code.TOO_MANY_REQUESTS) return 429;
  // A closed site, and an instance shutting down (-5001: try again, another instance or the restarted one answers).
  if (code === Code.SITE_CLOSED || code === Code.NET_ERROR || code === Code.SERVICE_UNAVAILABLE) return 503;
  if (code === Code.INTERNAL_ERROR || code === Code.DB_ERROR || code === Code.UNKNOWN_ERROR) return 500;
  if (code === Code.INVALID_PARAMETER || code === Code.CONTENT_BANNED || code === Code.CENSOR_NOT_PASSED)
    return 400;
  if (code <= -7000 && code > -8000) return 400;
  if (code === Code.SMS_WRONG_CODE || code === Code.SMS_CODE_EXPIRED) return 400;
  return 403;
}

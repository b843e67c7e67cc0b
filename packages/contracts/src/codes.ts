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

/** Default Chinese and English messages per code; the server fills an empty Message from here. */
export const codeMessages: Record<number, { zh: string; en: string }> = {
  [Code.SUCCESS]: { zh: '成功', en: 'Success' },
  [Code.OTHER]: { zh: '网络错误', en: 'Network Error' },
  [Code.TIMEOUT]: { zh: '请求超时', en: 'Request timed out' },
  [Code.JUMP_TO_LOGIN]: { zh: '请先登录', en: 'Please log in first!' },
  [Code.JUMP_TO_REGISTER]: { zh: '请先注册', en: 'Please register first' },
  [Code.JUMP_TO_AUDIT]: { zh: '账号审核中', en: 'Your account is awaiting review' },
  [Code.JUMP_TO_HOME_INDEX]: { zh: '返回首页', en: 'Back to home' },
  [Code.SITE_CLOSED]: { zh: '站点已关闭', en: 'The site is closed' },
  [Code.JUMP_TO_PAY_SITE]: { zh: '请先付费加入站点', en: 'Please pay to join the site' },
  [Code.JUMP_TO_SIGIN_FIELDS]: { zh: '请补充注册信息', en: 'Please complete your sign-up details' },
  [Code.INVALID_PARAMETER]: { zh: '参数错误', en: 'Invalid parameter' },
  [Code.UNAUTHORIZED]: { zh: '没有权限', en: 'No permission' },
  [Code.RESOURCE_EXIST]: { zh: '资源已存在', en: 'Resource already exists' },
  [Code.RESOURCE_NOT_FOUND]: { zh: '资源不存在', en: 'Resource not found' },
  [Code.RESOURCE_IN_USE]: { zh: '资源被占用', en: 'Resource in use' },
  [Code.CONTENT_BANNED]: { zh: '内容被禁止', en: 'Content banned' },
  [Code.VALIDATE_REJECT]: { zh: '注册审核被拒绝', en: 'Registration rejected' },
  [Code.VALIDATE_IGNORE]: { zh: '注册审核被忽略', en: 'Registration ignored' },
  [Code.USER_BAN]: { zh: '用户已被禁用', en: 'Account banned' },
  [Code.RESOURCE_EXPIRED]: { zh: '资源已过期', en: 'Resource expired' },
  [Code.INVALID_TOKEN]: { zh: '登录已失效，请重新登录', en: 'Invalid or expired token, please log in again' },
  [Code.NET_ERROR]: { zh: '网络错误', en: 'Network error' },
  [Code.INTERNAL_ERROR]: { zh: '内部错误', en: 'Internal error' },
  [Code.DB_ERROR]: { zh: '数据库异常', en: 'Database error' },
  [Code.EXTERNAL_API_ERROR]: { zh: '外部接口错误', en: 'External API error' },
  [Code.CENSOR_NOT_PASSED]: { zh: '内容审核未通过', en: 'Content did not pass review' },
  [Code.UNKNOWN_ERROR]: { zh: '未知错误', en: 'Unknown error' },
  [Code.DEBUG_ERROR]: { zh: '调试错误', en: 'Debug error' },
  [Code.QRCODE_TIMEOUT]: { zh: '二维码已过期', en: 'The QR code has expired' },
  [Code.QRCODE_SCANNING]: { zh: '扫码中', en: 'Waiting for the scan' },
  [Code.QRCODE_ERROR]: { zh: '二维码生成失败', en: 'The QR code could not be made' },
  [Code.SESSION_TOKEN_EXPIRED]: {
    zh: '授权信息已失效，请重新授权',
    en: 'The authorization expired or is invalid',
  },
  [Code.NOT_FOUND_USER]: { zh: '未找到用户', en: 'User not found' },
  [Code.NOT_FOUND_WECHAT_USER]: { zh: '未找到微信用户', en: 'WeChat user not found' },
  [Code.QRCODE_LOGIN_FAILED]: { zh: '扫码登录失败', en: 'QR login failed' },
  [Code.QRCODE_TYPE_ERROR]: { zh: '二维码类型错误', en: 'Wrong QR code type' },
  [Code.NEED_BIND_OR_CREATE_USER]: {
    zh: '请绑定已有账号或创建新账号',
    en: 'Bind an existing account or create a new one',
  },
  [Code.REBIND_FAILED]: { zh: '换绑失败', en: 'Rebinding failed' },
  [Code.MOBILE_BOUND]: { zh: '该手机号已被绑定', en: 'This phone number is already bound' },
  [Code.REGISTER_CLOSED]: { zh: '站点已关闭注册', en: 'Registration is closed' },
  [Code.BAD_REGISTER_TYPE]: { zh: '当前注册方式不可用', en: 'This way of registering is not available' },
  [Code.SAME_PASSWORD]: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  [Code.VERIFY_OLD_PHONE]: { zh: '请先验证原手机号', en: 'Verify your current phone number first' },
  [Code.ENTER_NEW_PHONE]: { zh: '请输入新的手机号', en: 'Enter a new phone number' },
  [Code.ACCOUNT_BOUND]: { zh: '账号已绑定手机号', en: 'This account already has a phone number' },
  [Code.LOGIN_FAILED]: { zh: '登录失败', en: 'Login failed' },
  [Code.NAME_TOO_LONG]: { zh: '名称不能超过15个字符', en: 'Names can be at most 15 characters' },
  [Code.USERNAME_EXISTS]: { zh: '用户名已存在', en: 'Username already exists' },
  [Code.SMS_OFF]: { zh: '短信功能未开启', en: 'SMS is not enabled' },
  [Code.AUTH_EXPIRED]: { zh: '授权已过期', en: 'The authorization has expired' },
  [Code.FOLLOW_SELF]: { zh: '不能关注自己', en: 'You cannot follow yourself' },
  [Code.FOLLOW_TARGET_MISSING]: { zh: '关注的用户不存在', en: 'User to follow not found' },
  [Code.BLOCKED_BY_THEM]: { zh: '对方已屏蔽你', en: 'This user has blocked you' },
  [Code.WRONG_CREDENTIALS]: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  [Code.ILLEGAL_PASSWORD]: { zh: '密码不符合要求', en: 'The password does not meet the requirements' },
  [Code.YOU_BLOCKED_THEM]: { zh: '你已屏蔽对方', en: 'You have blocked this user' },
  [Code.SPACE_IN_PASSWORD]: { zh: '密码不能包含空格', en: 'The password cannot contain spaces' },
  [Code.SPACE_IN_USERNAME]: { zh: '用户名不能包含空格', en: 'The username cannot contain spaces' },
  [Code.TOO_MANY_REGISTRATIONS]: {
    zh: '注册过于频繁，请稍后再试',
    en: 'Too many registrations, try again later',
  },
  [Code.CATEGORY_MISSING]: { zh: '分类不存在', en: 'Category not found' },
  [Code.BAD_MOBILE]: { zh: '手机号格式不正确', en: 'Invalid phone number' },
  [Code.DOWNLOAD_LIMIT]: {
    zh: '今日下载次数已用完',
    en: 'You have used up your downloads for today',
  },
  [Code.WECHAT_NOT_OPEN]: { zh: '请先开启微信登录', en: 'Enable WeChat login first' },
  [Code.TWO_FACTOR_REQUIRED]: {
    zh: '请输入两步验证码',
    en: 'Enter your two-factor authentication code',
  },
  [Code.TWO_FACTOR_WRONG]: { zh: '两步验证码错误', en: 'Wrong two-factor authentication code' },
  [Code.NEED_BIND_WECHAT]: { zh: '请先绑定微信', en: 'Please bind WeChat first' },
  [Code.NEED_BIND_PHONE]: { zh: '请先绑定手机号', en: 'Please bind a phone number first' },
  [Code.SMS_NOT_OPEN]: { zh: '短信服务未开启', en: 'The SMS service is not enabled' },
  [Code.SMS_WRONG_CODE]: { zh: '验证码错误', en: 'Wrong verification code' },
  [Code.SMS_CODE_EXPIRED]: { zh: '验证码已过期或已使用', en: 'The code has expired or was already used' },
  [Code.PAY_ORDER_FAIL]: { zh: '支付失败', en: 'Payment failed' },
  [Code.NOT_INSTALL]: { zh: '站点尚未安装', en: 'The site is not installed yet' },
  [Code.DIALOG_MESSAGE_DISABLE]: { zh: '私信功能已关闭', en: 'Private messages are disabled' },
  [Code.TOO_MANY_REQUESTS]: { zh: '操作太频繁，请稍后再试', en: 'Too many requests, please slow down' },
  [Code.SERVICE_UNAVAILABLE]: {
    zh: '服务暂时不可用，请稍后再试',
    en: 'The service is unavailable for a moment, please try again',
  },
};

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

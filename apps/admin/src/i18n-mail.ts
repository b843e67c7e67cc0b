import { lang } from './api.ts';

/** Strings of the mail page (SMTP settings and the test send), Chinese first. */
const zh = {
  menu: '邮件设置',
  title: '邮件（SMTP）',
  note: '用于邮箱验证、通过邮箱找回密码和通知邮件。邮件在后台队列中发送，失败会自动重试。',
  open: '开启邮件',
  host: 'SMTP 服务器',
  port: '端口',
  secure: '加密方式',
  secureTls: 'SSL/TLS（通常端口 465）',
  secureStarttls: 'STARTTLS（通常端口 587）',
  secureNone: '不加密（仅限本机或内网的中继）',
  tlsVerify: '校验服务器证书',
  tlsVerifyHint: '建议保持开启。仅当内网中继使用自签名证书时关闭：关闭后无法识别冒充的服务器。',
  username: '用户名',
  password: '密码',
  from: '发件地址',
  fromName: '发件人名称（留空使用站点名称）',
  digestHour: '每日摘要发送时间（服务器时区的小时，0-23）',
  siteUrl: '站点地址（邮件中的链接以此开头）',
  siteUrlHint: '例如 https://example.com；默认取你现在访问后台的地址。',
  testTitle: '发送测试邮件',
  testNote: '用上面已保存的设置发送一封测试邮件（先保存再测试）。',
  testTo: '收件地址',
  testSend: '发送测试邮件',
  testOk: '测试邮件已发送，SMTP 服务器已接收',
  testQueued: '邮件仍在队列中，稍后会重试；请检查服务器日志',
  testFailed: '发送失败：',
  hintSep: '。服务器的回答：',
  hints: {
    certificate:
      'SMTP 服务器的证书未通过验证。请修正证书或服务器地址；若是自己网络内使用自签名证书的转发服务器，可关闭证书验证',
    starttls:
      'SMTP 服务器不支持 STARTTLS，而所选加密方式需要它。若服务器一开始就加密（通常端口 465），请选择 SSL/TLS，或检查端口',
    'no-tls': 'SMTP 服务器没有用 TLS 应答，它可能需要 STARTTLS（通常端口 587），或请检查端口',
  },
};

const en: typeof zh = {
  menu: 'Email',
  title: 'Email (SMTP)',
  note: 'Used for email verification, password reset by email and notification email. Mail goes out from a background queue and failures are retried.',
  open: 'Send email',
  host: 'SMTP server',
  port: 'Port',
  secure: 'Encryption',
  secureTls: 'SSL/TLS (usually port 465)',
  secureStarttls: 'STARTTLS (usually port 587)',
  secureNone: 'None (only a relay on this machine or network)',
  tlsVerify: 'Verify the server certificate',
  tlsVerifyHint:
    'Keep this on. Turn it off only for a relay on your network with a self-signed certificate: an impostor server can no longer be told apart.',
  username: 'User name',
  password: 'Password',
  from: 'From address',
  fromName: 'Sender name (empty: the site name)',
  digestHour: 'Daily digest hour (server time zone, 0-23)',
  siteUrl: 'Site address (links in email start with it)',
  siteUrlHint: 'For example https://example.com; by default the address you use for this admin area.',
  testTitle: 'Send a test email',
  testNote: 'Sends a test email with the settings saved above (save first, then test).',
  testTo: 'Send to',
  testSend: 'Send test email',
  testOk: 'Test email sent: the SMTP server accepted it',
  testQueued: 'The email is still queued and will be retried; check the server log',
  testFailed: 'Not sent: ',
  hintSep: '. The server said: ',
  hints: {
    certificate:
      'the SMTP server’s certificate was refused; fix it or the host name, or for a relay on your own network with a self-signed certificate turn off certificate verification',
    starttls:
      'the SMTP server does not offer STARTTLS, which the chosen encryption requires; choose SSL/TLS if it encrypts from the start (usually port 465), or check the port',
    'no-tls':
      'the SMTP server did not answer with TLS; it probably expects STARTTLS (usually port 587), or check the port',
  },
};

/** The strings in the site language. */
export const ml = lang === 'en' ? en : zh;

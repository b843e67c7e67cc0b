import type { Lang } from '../../platform/http/lang.js';

/** A rendered message: subject, plain text and HTML (both parts go out; clients pick). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One notification as an email lists it. */
export interface MailNotice {
  title: string;
  content: string;
  /** Where it leads on the site (absolute). */
  url: string;
  createdAt: Date;
}

/** What every message knows: the site's name, its address, the reader's language. */
export interface MailContext {
  lang: Lang;
  siteName: string;
  origin: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `{name}` placeholders filled from vars. */
const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

// The words of every message, Chinese first; `{site}` is the site's name.
const WORDS = {
  zh: {
    forum: '论坛',
    hello: '{name}，你好：',
    verifySubject: '验证你在 {site} 的邮箱',
    verifyBody: '请点击下面的链接，确认 {email} 是你的邮箱。链接 {hours} 小时内有效，只能使用一次。',
    verifyButton: '验证邮箱',
    resetSubject: '重置你在 {site} 的密码',
    resetBody:
      '有人（希望是你）请求重置你在 {site} 的密码。点击下面的链接设置新密码，链接 {minutes} 分钟内有效，只能使用一次。',
    resetButton: '设置新密码',
    notYou: '如果不是你本人操作，请忽略这封邮件，你的账号不会有任何变化。',
    copyLink: '如果按钮无法点击，请把这个地址复制到浏览器：',
    notifyOneSubject: '{site}：{title}',
    notifySubject: '{site}：你有 {count} 条新通知',
    notifyIntro: '你不在的时候，{site} 有新的通知：',
    digestSubject: '{site} 每日摘要：{count} 条未读通知',
    digestSubjectOne: '{site} 每日摘要：1 条未读通知',
    digestIntro: '这是你在 {site} 过去一天的未读通知：',
    more: '还有 {count} 条，请到网站查看。',
    messages: '你还有 {count} 条未读私信。',
    messagesOne: '你还有 1 条未读私信。',
    open: '查看',
    openSite: '打开 {site}',
    whyEach: '你收到这封邮件，是因为你选择了在离开时逐条接收通知邮件。',
    whyDigest: '你收到这封邮件，是因为你选择了接收每日通知摘要。',
    unsubscribe: '不再接收通知邮件',
    settings: '更改邮件设置',
    testSubject: '{site} 测试邮件',
    testBody: '这是一封测试邮件。能收到它，说明 {site} 的邮件设置可以正常发送。',
  },
  en: {
    forum: 'Forum',
    hello: 'Hi {name},',
    verifySubject: 'Confirm your email for {site}',
    verifyBody:
      'Please follow the link below to confirm that {email} is your address. It works once, within {hours} hours.',
    verifyButton: 'Confirm email',
    resetSubject: 'Reset your password on {site}',
    resetBody:
      'Someone (hopefully you) asked to reset your password on {site}. Follow the link below to choose a new one. It works once, within {minutes} minutes.',
    resetButton: 'Choose a new password',
    notYou: 'If this was not you, ignore this email: nothing about your account changes.',
    copyLink: 'If the button does not work, copy this address into your browser:',
    notifyOneSubject: '{site}: {title}',
    notifySubject: '{site}: {count} new notifications',
    notifyIntro: 'While you were away, {site} has news for you:',
    digestSubject: '{site} daily digest: {count} unread notifications',
    digestSubjectOne: '{site} daily digest: 1 unread notification',
    digestIntro: 'Your unread notifications on {site} from the past day:',
    more: 'And {count} more on the site.',
    messages: 'You also have {count} unread private messages.',
    messagesOne: 'You also have 1 unread private message.',
    open: 'Open',
    openSite: 'Open {site}',
    whyEach: 'You get this email because you chose to hear of each notification by email while away.',
    whyDigest: 'You get this email because you chose a daily digest of notifications.',
    unsubscribe: 'Stop notification emails',
    settings: 'Change email settings',
    testSubject: 'Test email from {site}',
    testBody: 'This is a test email. If it reached you, the mail settings of {site} can send.',
  },
};

/** At most this many notifications are listed in one email; the rest are counted. */
export const MAX_LISTED = 20;

function words(ctx: MailContext) {
  const w = WORDS[ctx.lang];
  return { w, site: ctx.siteName || w.forum };
}

/** The HTML frame: a plain card that reads well in any client (inline styles, one table for old ones). */
function frame(ctx: MailContext, site: string, body: string, foot = ''): string {
  return `<!doctype html><html lang="${ctx.lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(site)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2329">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px">
<tr><td style="padding:20px 24px 0;font-size:18px;font-weight:600">${ctx.origin ? `<a href="${esc(ctx.origin)}/" style="color:#1f2329;text-decoration:none">${esc(site)}</a>` : esc(site)}</td></tr>
<tr><td style="padding:12px 24px 24px;font-size:15px;line-height:1.6">${body}</td></tr></table>
${foot ? `<p style="max-width:560px;margin:12px auto 0;font-size:12px;line-height:1.5;color:#8a8f99">${foot}</p>` : ''}
</td></tr></table></body></html>`;
}

function button(url: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${esc(url)}" style="display:inline-block;padding:10px 20px;background:#2d6cdf;color:#fff;border-radius:6px;text-decoration:none">${esc(label)}</a></p>`;
}

/** A message whose point is one link (verify, reset): greeting, body, button, the link as text, "not you". */
function linkMail(ctx: MailContext, subject: string, name: string, body: string, label: string, url: string) {
  const { w, site } = words(ctx);
  const hello = fill(w.hello, { name });
  const html = frame(
    ctx,
    site,
    `<p>${esc(hello)}</p><p>${esc(body)}</p>${button(url, label)}
<p style="font-size:13px;color:#646a73">${esc(w.copyLink)}<br><a href="${esc(url)}" style="color:#2d6cdf;word-break:break-all">${esc(url)}</a></p>
<p style="font-size:13px;color:#646a73">${esc(w.notYou)}</p>`,
  );
  const text = `${hello}\n\n${body}\n\n${label}: ${url}\n\n${w.notYou}\n\n-- \n${site} ${ctx.origin}/\n`;
  return { subject, text, html };
}

/** The verification link for a new address. */
export function verifyMail(
  ctx: MailContext,
  v: { name: string; email: string; url: string; hours: number },
): RenderedMail {
  const { w, site } = words(ctx);
  return linkMail(
    ctx,
    fill(w.verifySubject, { site }),
    v.name,
    fill(w.verifyBody, { email: v.email, hours: v.hours }),
    w.verifyButton,
    v.url,
  );
}

/** The password reset link. */
export function resetMail(ctx: MailContext, v: { name: string; url: string; minutes: number }): RenderedMail {
  const { w, site } = words(ctx);
  return linkMail(
    ctx,
    fill(w.resetSubject, { site }),
    v.name,
    fill(w.resetBody, { site, minutes: v.minutes }),
    w.resetButton,
    v.url,
  );
}

/**
 * Notifications by email: `each` (what came while the member was away) or `digest` (the day's unread). Lists
 * up to MAX_LISTED, counts the rest, adds unread private messages; the foot says why it came and links the
 * one-click unsubscribe and the settings.
 */
export function noticesMail(
  ctx: MailContext,
  v: {
    kind: 'each' | 'digest';
    name: string;
    notices: MailNotice[];
    total: number;
    unreadMessages: number;
    unsubscribeUrl: string;
    settingsUrl: string;
  },
): RenderedMail {
  const { w, site } = words(ctx);
  const first = v.notices[0];
  const subject =
    v.kind === 'digest'
      ? fill(v.total === 1 ? w.digestSubjectOne : w.digestSubject, { site, count: v.total })
      : v.total === 1 && first
        ? fill(w.notifyOneSubject, { site, title: first.title })
        : fill(w.notifySubject, { site, count: v.total });
  const intro = fill(v.kind === 'digest' ? w.digestIntro : w.notifyIntro, { site });
  const hello = fill(w.hello, { name: v.name });
  const more = v.total > v.notices.length ? fill(w.more, { count: v.total - v.notices.length }) : '';
  const messages =
    v.unreadMessages > 0
      ? fill(v.unreadMessages === 1 ? w.messagesOne : w.messages, { count: v.unreadMessages })
      : '';
  const why = v.kind === 'digest' ? w.whyDigest : w.whyEach;
  const items = v.notices
    .map(
      (n) => `<tr><td style="padding:10px 0;border-top:1px solid #eceef1">
<div style="font-weight:600">${esc(n.title)}</div>${n.content ? `<div style="color:#4e5461">${esc(n.content)}</div>` : ''}
<a href="${esc(n.url)}" style="font-size:13px;color:#2d6cdf">${esc(w.open)}</a></td></tr>`,
    )
    .join('');
  const html = frame(
    ctx,
    site,
    `<p>${esc(hello)}</p><p>${esc(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table>
${more ? `<p style="color:#646a73">${esc(more)}</p>` : ''}${messages ? `<p>${esc(messages)}</p>` : ''}
${button(`${ctx.origin}/message`, fill(w.openSite, { site }))}`,
    `${esc(why)}<br><a href="${esc(v.unsubscribeUrl)}" style="color:#8a8f99">${esc(w.unsubscribe)}</a> · <a href="${esc(v.settingsUrl)}" style="color:#8a8f99">${esc(w.settings)}</a>`,
  );
  const lines = v.notices.map((n) => `* ${n.title}${n.content ? `\n  ${n.content}` : ''}\n  ${n.url}`);
  const text = [
    hello,
    '',
    intro,
    '',
    lines.join('\n\n'),
    ...(more ? ['', more] : []),
    ...(messages ? ['', messages] : []),
    '',
    `${fill(w.openSite, { site })}: ${ctx.origin}/message`,
    '',
    '-- ',
    why,
    `${w.unsubscribe}: ${v.unsubscribeUrl}`,
    `${w.settings}: ${v.settingsUrl}`,
    '',
  ].join('\n');
  return { subject, text, html };
}

/** The administrator's test message. */
export function testMail(ctx: MailContext): RenderedMail {
  const { w, site } = words(ctx);
  const body = fill(w.testBody, { site });
  return {
    subject: fill(w.testSubject, { site }),
    text: `${body}\n\n-- \n${site}\n`,
    html: frame(ctx, site, `<p>${esc(body)}</p>`),
  };
}

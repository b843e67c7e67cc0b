import type { NoticeEvent, NotificationType } from '@forum/contracts';

/**
 * One template event: its notification type (the list it lands in), name and default system-channel text in
 * Chinese (the English is in `templates-en.ts`).
 */
interface TemplateEvent {
  type: NotificationType;
  typeName: string;
  title: string;
  content: string;
}

/**
 * The 27 events of the original's seeded templates (reference §1.8), system channel, and a few of ours (a follow, an
 * approved withdrawal, tips, an expired bounty's shares, paid groups renewed and lapsed). Our own wording; the
 * variables in braces are filled from what the notifier passes (`{username}`, `{threadTitle}`, `{content}`,
 * `{reason}`, `{amount}` in yuan, `{groupName}`, `{expiresAt}`, `{siteName}`), a missing one renders empty.
 */
export const TEMPLATE_EVENTS: Record<NoticeEvent, TemplateEvent> = {
  registered: {
    type: 'system',
    typeName: '新用户注册通知',
    title: '欢迎加入',
    content: '欢迎你加入{siteName}，{username}！',
  },
  'registration.approved': {
    type: 'system',
    typeName: '注册审核通过通知',
    title: '注册审核通过',
    content: '你的注册申请已通过审核。',
  },
  'registration.rejected': {
    type: 'system',
    typeName: '注册审核不通过通知',
    title: '注册审核未通过',
    content: '你的注册申请未通过审核，原因：{reason}',
  },
  'content.approved': {
    type: 'system',
    typeName: '内容审核通过通知',
    title: '内容审核通过',
    content: '你发布的「{threadTitle}」已通过审核。',
  },
  'content.rejected': {
    type: 'system',
    typeName: '内容审核不通过通知',
    title: '内容审核未通过',
    content: '你发布的「{threadTitle}」未通过审核，原因：{reason}',
  },
  'content.deleted': {
    type: 'system',
    typeName: '内容删除通知',
    title: '内容被删除',
    content: '你发布的「{threadTitle}」已被删除，原因：{reason}',
  },
  'content.edited': {
    type: 'system',
    typeName: '内容修改通知',
    title: '内容被修改',
    content: '你发布的「{threadTitle}」已被管理员修改。',
  },
  'content.pinned': {
    type: 'system',
    typeName: '内容置顶通知',
    title: '内容被置顶',
    content: '你发布的「{threadTitle}」已被置顶。',
  },
  'content.essence': {
    type: 'system',
    typeName: '内容精华通知',
    title: '内容被设为精华',
    content: '你发布的「{threadTitle}」已被设为精华。',
  },
  'content.liked': {
    type: 'liked',
    typeName: '内容点赞通知',
    title: '收到点赞',
    content: '{username} 赞了你的内容：{content}',
  },
  'content.replied': {
    type: 'replied',
    typeName: '内容回复通知',
    title: '收到回复',
    content: '{username} 回复了你：{content}',
  },
  'content.mentioned': {
    type: 'related',
    typeName: '内容@通知',
    title: '有人@了你',
    content: '{username} 在「{threadTitle}」中@了你：{content}',
  },
  'content.paid': {
    type: 'rewarded',
    typeName: '内容支付通知',
    title: '内容收入',
    content: '{username} 支付了你的内容「{threadTitle}」，收入 {amount} 元',
  },
  'commission.income': {
    type: 'rewarded',
    typeName: '分成收入通知',
    title: '分成收入',
    content: '你获得了 {amount} 元分成收入',
  },
  'redpacket.received': {
    type: 'receiveredpacket',
    typeName: '红包收入通知',
    title: '收到红包',
    content: '你在「{threadTitle}」中领到了 {amount} 元红包',
  },
  'bounty.answered': {
    type: 'threadrewarded',
    typeName: '悬赏问答通知',
    title: '获得悬赏',
    content: '你在「{threadTitle}」中获得了 {amount} 元悬赏',
  },
  'bounty.expired': {
    type: 'threadrewardedexpired',
    typeName: '悬赏过期通知',
    title: '悬赏已过期',
    content: '「{threadTitle}」的悬赏已过期，剩余 {amount} 元已退回',
  },
  'question.asked': {
    type: 'questioned',
    typeName: '问答提问通知',
    title: '收到提问',
    content: '{username} 向你提问：{content}',
  },
  'question.answered': {
    type: 'questioned',
    typeName: '问答回答通知',
    title: '问题已回答',
    content: '{username} 回答了你的问题：{content}',
  },
  'question.expired': {
    type: 'questioned',
    typeName: '问答过期通知',
    title: '问答已过期',
    content: '你的提问已过期，{amount} 元已退回',
  },
  'withdrawal.done': {
    type: 'withdrawal',
    typeName: '提现通知',
    title: '提现成功',
    content: '你申请的 {amount} 元提现已到账',
  },
  'withdrawal.approved': {
    type: 'withdrawal',
    typeName: '提现审核通过通知',
    title: '提现审核通过',
    content: '你申请的 {amount} 元提现已审核通过，等待打款',
  },
  'withdrawal.failed': {
    type: 'withdrawal',
    typeName: '提现失败通知',
    title: '提现失败',
    content: '你申请的 {amount} 元提现未成功，原因：{reason}',
  },
  'user.banned': {
    type: 'system',
    typeName: '用户禁用通知',
    title: '账号被禁用',
    content: '你的账号已被禁用，原因：{reason}',
  },
  'user.unbanned': {
    type: 'system',
    typeName: '用户解除禁用通知',
    title: '账号已恢复',
    content: '你的账号已解除禁用。',
  },
  'user.role': {
    type: 'system',
    typeName: '用户角色调整通知',
    title: '用户组变更',
    content: '你的用户组已变更为「{groupName}」',
  },
  'group.upgraded': {
    type: 'system',
    typeName: '用户组升级通知',
    title: '用户组升级',
    content: '你已升级为「{groupName}」，有效期：{expiresAt}',
  },
  'user.followed': {
    type: 'system',
    typeName: '新增关注通知',
    title: '新的关注',
    content: '{username} 关注了你',
  },
  'site.renewal': {
    type: 'system',
    typeName: '站点续费通知',
    title: '站点付费成功',
    content: '你的站点会员已生效，有效期：{expiresAt}',
  },
  'content.rewarded': {
    type: 'rewarded',
    typeName: '打赏通知',
    title: '收到打赏',
    content: '{username} 打赏了你的「{threadTitle}」{amount} 元',
  },
  'bounty.shared': {
    type: 'threadrewardedexpired',
    typeName: '悬赏过期分配通知',
    title: '悬赏到期分配',
    content: '「{threadTitle}」的悬赏已过期，你分得剩余赏金 {amount} 元',
  },
  'group.renewed': {
    type: 'system',
    typeName: '用户组续费通知',
    title: '用户组续费成功',
    content: '你的用户组「{groupName}」已续费，有效期：{expiresAt}',
  },
  'group.expired': {
    type: 'system',
    typeName: '用户组到期通知',
    title: '用户组已到期',
    content: '你的用户组「{groupName}」已到期，现为「{newGroupName}」',
  },
};

/** Chinese strings of the notification lists (issue 9); loaded with their routes (messages.ts). */
export const zhNotifications = {
  notifications: {
    thread: '帖子通知',
    financial: '财务通知',
    account: '账号消息',
    empty: '暂无通知',
    delete: '删除',
    deleteAll: '全部删除',
    deleteAllConfirm: '确定删除这一类的全部通知吗？',
    deleted: '已删除',
    system: '系统',
    viewThread: '查看帖子',
    type: {
      system: '系统',
      replied: '回复',
      liked: '点赞',
      related: '@我',
      rewarded: '收入',
      threadrewarded: '悬赏',
      threadrewardedexpired: '悬赏过期',
      receiveredpacket: '红包',
      questioned: '问答',
      withdrawal: '提现',
    },
    event: {
      replied: '{{name}} 回复了你',
      liked: '{{name}} 赞了你',
      mentioned: '{{name}} 在帖子中@了你',
      followed: '{{name}} 关注了你',
    },
  },
};

import { lang } from './api.ts';

/** Strings of the background jobs page (the job queue's failed jobs), Chinese first. */
const zh = {
  menu: '后台任务',
  title: '失败的后台任务',
  note: '定时任务（订单对账、红包与悬赏到期、付费用户组到期、事件清理、备份检查）和邮件等后台任务在重试用尽后列在这里，保留 7 天。修好原因后可以重试。',
  empty: '没有失败的任务。',
  name: '任务',
  error: '错误',
  attempts: '尝试次数',
  failedAt: '失败时间',
  createdAt: '创建时间',
  actions: '操作',
  retry: '重试',
  retried: '已重新排队',
  reload: '刷新',
  names: {
    order_reconcile: '订单对账',
    redpacket_expiry: '红包与悬赏到期',
    paid_group_expiry: '付费用户组到期',
    realtime_prune: '清理旧事件',
    backup_check: '定时备份',
  } as Record<string, string>,
};

const en: typeof zh = {
  menu: 'Background jobs',
  title: 'Failed background jobs',
  note: 'Scheduled jobs (order reconciliation, red packet and bounty expiry, paid group expiry, event pruning, the backup check) and other background work such as mail are listed here once their retries are used up, for 7 days. Retry one once its cause is fixed.',
  empty: 'No failed jobs.',
  name: 'Job',
  error: 'Error',
  attempts: 'Attempts',
  failedAt: 'Failed at',
  createdAt: 'Created at',
  actions: 'Actions',
  retry: 'Retry',
  retried: 'Queued again',
  reload: 'Reload',
  names: {
    order_reconcile: 'Order reconciliation',
    redpacket_expiry: 'Red packet and bounty expiry',
    paid_group_expiry: 'Paid group expiry',
    realtime_prune: 'Old event pruning',
    backup_check: 'Scheduled backup',
  },
};

/** The strings in the site language. */
export const jb = lang === 'en' ? en : zh;

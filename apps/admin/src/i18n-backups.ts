import { lang } from './api.ts';

/** Strings of the dashboard's backups card (operations issue). Chinese first. */
const zh = {
  title: '数据备份',
  schedule: '计划',
  off: '关闭',
  daily: '每天',
  weekly: '每周',
  byDefault: '（默认）',
  last: '上次备份',
  never: '尚未备份',
  ok: '成功',
  failed: '失败',
  lastOk: '上次成功',
  next: '下次计划',
  dir: '备份目录',
  keep: '保留份数',
  archives: '已有备份',
  runNow: '立即备份',
  running: '正在备份…',
  done: '备份完成',
  settings: '备份设置',
  scheduleField: '备份计划（off / daily / weekly）',
  scheduleHint: '留空为默认：内置数据库每天备份，使用 DATABASE_URL 时关闭（请用数据库自身的备份）。',
  keepField: '保留最近几份',
  dirField: '备份目录',
  dirHint: '留空为 DATA_DIR/backups；相对路径从 DATA_DIR 算起。',
  restoreHint: '恢复：停止论坛后运行 npm run forum -- restore 备份文件。',
};
type Dict = typeof zh;

const en: Dict = {
  title: 'Backups',
  schedule: 'Schedule',
  off: 'Off',
  daily: 'Daily',
  weekly: 'Weekly',
  byDefault: ' (default)',
  last: 'Last backup',
  never: 'None yet',
  ok: 'OK',
  failed: 'Failed',
  lastOk: 'Last good one',
  next: 'Next scheduled',
  dir: 'Folder',
  keep: 'Kept',
  archives: 'Archives',
  runNow: 'Back up now',
  running: 'Backing up…',
  done: 'Backup written',
  settings: 'Backup settings',
  scheduleField: 'Schedule (off / daily / weekly)',
  scheduleHint:
    'Empty is the default: daily on the built-in database, off with DATABASE_URL (use that database’s own backups).',
  keepField: 'Keep the newest',
  dirField: 'Folder',
  dirHint: 'Empty is DATA_DIR/backups; a relative path starts at DATA_DIR.',
  restoreHint: 'To restore: stop the forum, then run npm run forum -- restore FILE.',
};

/** The backups card's strings in the site language. */
export const bk: Dict = lang === 'en' ? en : zh;

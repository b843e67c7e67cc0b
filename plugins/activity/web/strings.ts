/** The plugin's own strings: Chinese first (the site's default), English complete. */
const strings = {
  zh: {
    entry: '活动',
    formTitle: '发起活动报名',
    title: '活动名称',
    content: '活动说明',
    start: '开始时间',
    end: '结束时间',
    registerEnd: '报名截止（可选）',
    capacity: '人数上限（0 为不限）',
    address: '活动地点',
    attach: '添加到帖子',
    edit: '修改',
    remove: '移除',
    badge: '活动报名',
    signedUp: '已报名 {{count}} 人',
    ofCapacity: '已报名 {{count}} / {{total}} 人',
    signUp: '我要报名',
    cancel: '取消报名',
    loginFirst: '登录后报名',
    full: '名额已满',
    notStarted: '报名尚未开始',
    ended: '报名已结束',
    list: '报名名单',
    export: '导出名单',
    noOne: '还没有人报名',
    needTitle: '请填写活动名称和时间',
    time: '时间',
    place: '地点',
  },
  en: {
    entry: 'Activity',
    formTitle: 'Start an activity sign-up',
    title: 'Activity name',
    content: 'About the activity',
    start: 'Starts',
    end: 'Ends',
    registerEnd: 'Sign-up closes (optional)',
    capacity: 'Places (0 for no limit)',
    address: 'Place',
    attach: 'Add to the thread',
    edit: 'Change',
    remove: 'Remove',
    badge: 'Activity sign-up',
    signedUp: '{{count}} signed up',
    ofCapacity: '{{count}} of {{total}} signed up',
    signUp: 'Sign me up',
    cancel: 'Cancel my sign-up',
    loginFirst: 'Log in to sign up',
    full: 'Fully booked',
    notStarted: 'Sign-up has not opened yet',
    ended: 'Sign-up has closed',
    list: 'Who signed up',
    export: 'Export the list',
    noOne: 'Nobody has signed up yet',
    needTitle: 'Give the activity a name and its times',
    time: 'When',
    place: 'Where',
  },
} as const;

/** A key of the strings. */
export type Key = keyof (typeof strings)['zh'];

/** A string in the site's language, with `{{x}}` filled in. */
export function text(lang: 'zh' | 'en', key: Key, vars: Record<string, string | number> = {}): string {
  return strings[lang][key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}

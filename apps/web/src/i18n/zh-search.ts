/** Chinese strings of the discover page; loaded with the route (messages.ts). */
export const zhSearch = {
  search: {
    title: '发现',
    placeholder: '搜索帖子、用户、话题',
    threads: '帖子',
    users: '用户',
    topics: '话题',
    noResult: '没有找到相关内容',
    usersLogin: '登录后即可查看用户',
    usersNoPermission: '你没有查看用户的权限',
    activeUsers: '活跃用户',
    userThreads: '{{count}} 主题',
    userFans: '{{count}} 粉丝',
    userFollows: '{{count}} 关注',
    hotTopics: '热门话题',
    latest: '最新帖子',
  },
};

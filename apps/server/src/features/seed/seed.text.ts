/** Small phrase banks: seeded threads read like a real bilingual community, not lorem ipsum. */
const ZH_TOPICS = [
  '手机摄影',
  '咖啡',
  '前端开发',
  '跑步',
  '旅行',
  '读书',
  '装修',
  '数码',
  '美食',
  '育儿',
  '理财',
  '电影',
  '游戏',
  '健身',
  '露营',
];
const ZH_OPENERS = [
  '大家好，',
  '分享一下最近的心得：',
  '请教一个问题，',
  '周末整理了一份笔记，',
  '刚入坑，想问问',
  '记录一下',
];
const ZH_SENTENCES = [
  '这个问题困扰我很久了，查了很多资料都没有找到满意的答案。',
  '总体来说体验还不错，但是细节上还有很多可以改进的地方。',
  '如果你也遇到同样的情况，可以先检查一下设置再决定要不要更换。',
  '我在论坛里看到过类似的讨论，所以把自己的经验也写下来。',
  '价格方面比去年便宜了不少，性价比很高，推荐给预算有限的朋友。',
  '最重要的是坚持，每天进步一点点，三个月后就能看到明显的变化。',
  '欢迎大家在下面留言补充，我会持续更新这个帖子。',
  '有没有更好的办法？希望有经验的朋友指点一下。',
  '今天终于把钱包提现的问题解决了，原来是设置里没有绑定账户。',
  '第一次发帖，排版不好请见谅。',
];
const EN_TOPICS = [
  'photography',
  'coffee',
  'TypeScript',
  'running',
  'travel',
  'books',
  'home repair',
  'gadgets',
  'cooking',
  'board games',
];
const EN_SENTENCES = [
  'I have been looking into this for a while and wanted to share what I found.',
  'Overall the experience was good, but a few details could be better.',
  'If you run into the same problem, check your settings before replacing anything.',
  'Happy to hear other opinions in the replies below.',
  'The price dropped a lot compared to last year, which makes it a great deal.',
  'Consistency matters more than intensity: small steps every day add up.',
];
const ZH_REPLIES = [
  '顶一下！',
  '说得很有道理，学到了。',
  '同问，我也遇到了。',
  '感谢分享，收藏了。',
  '楼主辛苦了 👍',
  '我的经验是先备份再操作。',
  '这个价格确实可以入手。',
  '求后续更新！',
];
const EN_REPLIES = [
  'Great post, thanks!',
  'Same here, following this thread.',
  'This helped me a lot.',
  'Interesting, I did it differently.',
  '+1, bookmarked.',
];

/** A deterministic pseudo-random generator, so a seed run can be repeated. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

/** A thread title and HTML body, Chinese four times in five. */
export function threadText(r: () => number, i: number): { title: string; html: string; text: string } {
  if (r() < 0.8) {
    const topic = pick(r, ZH_TOPICS);
    const title = `${pick(r, ZH_OPENERS)}关于${topic}的第${i + 1}个话题`.slice(0, 60);
    const paras = Array.from({ length: 1 + Math.floor(r() * 3) }, () =>
      Array.from({ length: 2 + Math.floor(r() * 3) }, () => pick(r, ZH_SENTENCES)).join(''),
    );
    const tagged = paras.map((p) => `${p} #${topic}#`);
    return { title, html: tagged.map((p) => `<p>${p}</p>`).join(''), text: tagged.join('\n') };
  }
  const topic = pick(r, EN_TOPICS);
  const title = `Notes on ${topic}, part ${i + 1}`;
  const paras = Array.from({ length: 1 + Math.floor(r() * 3) }, () =>
    Array.from({ length: 2 + Math.floor(r() * 2) }, () => pick(r, EN_SENTENCES)).join(' '),
  );
  return { title, html: paras.map((p) => `<p>${p}</p>`).join(''), text: paras.join('\n') };
}

/** A short reply in HTML. */
export function replyText(r: () => number): string {
  return `<p>${r() < 0.8 ? pick(r, ZH_REPLIES) : pick(r, EN_REPLIES)}</p>`;
}

/** A nickname like "小明_12". */
export function nickname(r: () => number, i: number): string {
  const names = [
    '小明',
    '阿杰',
    '晓雪',
    '大鹏',
    '木子',
    '老王',
    'Lily',
    'Tom',
    '橙子',
    '星星',
    'Alex',
    '阿May',
  ];
  return `${pick(r, names)}${i}`.slice(0, 15);
}

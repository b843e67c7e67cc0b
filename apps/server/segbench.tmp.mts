import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';
const jieba = Jieba.withDict(dict);
const seg = new Intl.Segmenter('zh', { granularity: 'word' });
const docs = [
  '今天在论坛里申请钱包提现，等了三天还没有到账，客服说要人工审核。',
  '请问怎么绑定手机号？注册的时候没有收到短信验证码。',
  '分享一个数据库优化的经验：给帖子表加上全文索引以后，搜索速度快了十倍。',
  '周末去杭州西湖旅游，拍了很多照片，和大家分享一下美食推荐。',
  '新版本的编辑器支持图片粘贴和拖拽上传，写帖子方便多了。',
  '关于付费帖子的定价，我觉得九块九比较合适，大家怎么看？',
  '中华人民共和国成立七十周年，大家一起来庆祝。',
  '我用的是小米手机，系统升级以后微信登录总是失败。',
  '管理员能不能把这个帖子设为精华？内容写得很用心。',
  '程序员的日常：写代码、改bug、开会、再写代码。',
  '求推荐适合初学者的机器学习教程，最好是中文的。',
  '红包帖子怎么领取？我点了半天没有反应。',
  '这个话题很有意思，#读书笔记# 每周更新一次。',
  '服务器内存不足导致网站经常打不开，需要扩容。',
  '北京的房价太高了，年轻人买房压力很大。',
  '用户体验设计的核心是站在用户的角度思考问题。',
  '深度学习模型训练需要大量的显卡和电费。',
  '上海迪士尼乐园的门票涨价了，周末人非常多。',
  '我的账号被禁用了，请问怎么申诉？',
  '感谢楼主的分享，收藏了，以后慢慢看。',
  '私信功能在哪里打开？找不到发消息的按钮。',
  '投票帖子最多可以设置二十个选项，可以单选也可以多选。',
  '打赏功能需要先实名认证，然后绑定银行卡。',
  '网站的搜索功能不支持中文分词，找不到想要的内容。',
  '春节放假安排：除夕到初七休息，初八正常上班。',
  '自动驾驶汽车什么时候能真正普及？',
  '推荐几本好看的科幻小说，三体已经看过了。',
  '今年的世界杯足球赛，你支持哪个球队？',
  '新能源汽车的续航里程越来越长，充电桩也越来越多。',
  '学习英语最好的方法就是多听多说多练习。',
];
const queries = ['提现','钱包','到账','手机号','验证码','数据库','全文索引','索引','搜索','西湖','美食','编辑器','图片','上传','付费','人民','共和国','中华','微信','登录','精华','代码','机器学习','学习','教程','红包','领取','读书','服务器','内存','扩容','房价','买房','用户','体验','设计','模型','显卡','迪士尼','门票','账号','申诉','收藏','私信','消息','投票','选项','打赏','实名认证','认证','银行卡','中文','分词','春节','放假','上班','汽车','自动驾驶','驾驶','科幻','小说','三体','世界杯','足球','球队','新能源','续航','充电桩','英语','练习'];
const segWords = (s: string) => [...seg.segment(s)].filter((x) => x.isWordLike).map((x) => x.segment.toLowerCase());
const methods: Record<string, { doc: (s: string) => string[]; query: (s: string) => string[] }> = {
  'Intl.Segmenter': { doc: segWords, query: segWords },
  'jieba cut': { doc: (s) => jieba.cut(s, true).filter((w) => /[\p{L}\p{N}]/u.test(w)), query: (s) => jieba.cut(s, true).filter((w) => /[\p{L}\p{N}]/u.test(w)) },
  'jieba cutForSearch (doc) + cut (query)': { doc: (s) => jieba.cutForSearch(s, true).filter((w) => /[\p{L}\p{N}]/u.test(w)), query: (s) => jieba.cut(s, true).filter((w) => /[\p{L}\p{N}]/u.test(w)) },
  'jieba cutForSearch both': { doc: (s) => jieba.cutForSearch(s, true).filter((w) => /[\p{L}\p{N}]/u.test(w)), query: (s) => jieba.cutForSearch(s, false).filter((w) => /[\p{L}\p{N}]/u.test(w)) },
};
for (const [name, m] of Object.entries(methods)) {
  let relevant = 0, found = 0, falsePos = 0;
  const idx = docs.map((d) => new Set(m.doc(d)));
  const missed: string[] = [];
  for (const q of queries) {
    const qt = m.query(q);
    for (let i = 0; i < docs.length; i++) {
      const rel = docs[i]!.includes(q);
      const hit = qt.length > 0 && qt.every((t) => idx[i]!.has(t));
      if (rel) { relevant++; if (hit) found++; else missed.push(q); }
      else if (hit) falsePos++;
    }
  }
  const big = docs.join('').repeat(200);
  const t0 = performance.now();
  for (let k = 0; k < 5; k++) m.doc(big);
  const ms = (performance.now() - t0) / 5;
  console.log(`${name}: recall ${found}/${relevant} = ${(100 * found / relevant).toFixed(1)}%, false hits ${falsePos}, ${(big.length / 1000).toFixed(0)}k chars in ${ms.toFixed(1)} ms (${(big.length / ms / 1000).toFixed(2)} M chars/s); missed: ${missed.join(' ')}`);
}

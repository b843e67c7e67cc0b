/** Chinese strings of the withdrawal page (issue 12 item 7); loaded with its route (messages.ts). */
export const zhCash = {
  cash: {
    title: '提现',
    backToWallet: '返回钱包',
    available: '可提现金额',
    frozen: '冻结金额',
    amount: '提现金额（元）',
    amountInvalid: '请输入大于 0、最多两位小数的金额',
    limits: '单次 {{min}}–{{max}} 元，每日最多 {{daily}} 元',
    account: '收款账号',
    accountHint: '如支付宝或银行卡账号，打款时使用',
    feePreview: '手续费率 {{rate}}：手续费 ¥{{fee}}，实际到账 ¥{{actual}}',
    submit: '申请提现',
    applied: '提现申请已提交，等待审核',
    mine: '提现记录',
    loading: '加载中…',
    empty: '还没有提现记录',
    itemMeta: '手续费 ¥{{fee}}，到账 ¥{{actual}}',
    status: {
      1: '待审核',
      2: '审核通过',
      3: '审核不通过',
      4: '待打款',
      5: '已打款',
      6: '打款失败',
    },
  },
};

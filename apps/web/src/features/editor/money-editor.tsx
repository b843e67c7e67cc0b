import {
  OrderType,
  RED_PACKET_LIMITS,
  REWARD_LIMITS,
  REWARD_MIN_HOURS,
  RewardType,
  TomId,
  fenOfYuan,
  type ThreadItem,
} from '@forum/contracts';
import { Button, Input, type Variant } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** The red packet being written (tom 106); numbers kept as typed, checked by {@link redPacketProblem}. */
export interface RedPacketDraft {
  rule: 0 | 1;
  condition: 0 | 1;
  likenum: string;
  number: string;
  price: string;
}

/** The bounty being written (tom 107); `expiredAt` is a `datetime-local` value. */
export interface RewardDraft {
  type: 0 | 1;
  answerId: string;
  price: string;
  expiredAt: string;
}

/** The money blocks of the editor's draft. */
export interface MoneyDraft {
  redPacket?: RedPacketDraft | null;
  reward?: RewardDraft | null;
}

const YUAN = /^\d{1,13}(\.\d{1,2})?$/;

/** A `datetime-local` value `hours` from now. */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3600_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export const newRedPacket = (): RedPacketDraft => ({
  rule: 1,
  condition: 0,
  likenum: '5',
  number: '10',
  price: '10',
});
export const newReward = (): RewardDraft => ({
  type: 0,
  answerId: '',
  price: '10',
  expiredAt: localIn(72),
});

/** The first problem of a red packet as an i18n key, or null (the server checks the same rules). */
export function redPacketProblem(d: RedPacketDraft): string | null {
  const n = Number(d.number);
  if (!Number.isInteger(n) || n < 1 || n > RED_PACKET_LIMITS.maxNumber) return 'redpacket.badNumber';
  if (!YUAN.test(d.price)) return 'redpacket.badPrice';
  const fen = fenOfYuan(d.price);
  if (fen < RED_PACKET_LIMITS.minFen || fen > RED_PACKET_LIMITS.maxFen) return 'redpacket.badPrice';
  if (fen < n) return 'redpacket.tooSmall';
  return null;
}

/** The first problem of a bounty as an i18n key, or null. */
export function rewardProblem(d: RewardDraft): string | null {
  if (!YUAN.test(d.price)) return 'bounty.badPrice';
  const fen = fenOfYuan(d.price);
  if (fen < REWARD_LIMITS.minFen || fen > REWARD_LIMITS.maxFen) return 'bounty.badPrice';
  const at = new Date(d.expiredAt).getTime();
  if (!(at > Date.now() + REWARD_MIN_HOURS * 3600_000)) return 'bounty.badExpiry';
  if (d.type === RewardType.DESIGNATED && !/^\d+$/.test(d.answerId)) return 'bounty.badAnswer';
  return null;
}

/** The blocks to send for the money parts of the draft (keys 6 and 7 of `content.indexes`). */
export function moneyIndexes(d: MoneyDraft): Record<string, { tomId: number; body: unknown }> {
  const out: Record<string, { tomId: number; body: unknown }> = {};
  if (d.redPacket) {
    const r = d.redPacket;
    out['6'] = {
      tomId: TomId.RED_PACKET,
      body: {
        rule: r.rule,
        condition: r.condition,
        likenum: Number(r.likenum) || 0,
        number: Number(r.number),
        price: r.price,
      },
    };
  }
  if (d.reward) {
    const r = d.reward;
    out['7'] = {
      tomId: TomId.REWARD,
      body: {
        type: r.type,
        ...(r.type === RewardType.DESIGNATED && { answerId: Number(r.answerId) }),
        price: r.price,
        expiredAt: new Date(r.expiredAt).toISOString(),
      },
    };
  }
  return out;
}

/** The order types the draft's money blocks are paid with, in order. */
export function moneyOrders(d: MoneyDraft): number[] {
  return [...(d.redPacket ? [OrderType.RED_PACKET] : []), ...(d.reward ? [OrderType.BOUNTY] : [])];
}

/** The money blocks of an existing thread, so an edit keeps them as they are. */
export function moneyFromThread(th: ThreadItem): MoneyDraft {
  const body = (id: number) =>
    Object.values(th.content.indexes).find((x) => Number(x.tomId) === id)?.body as
      Record<string, unknown> | undefined;
  const rp = body(TomId.RED_PACKET);
  const rw = body(TomId.REWARD);
  return {
    redPacket: rp
      ? {
          rule: rp.rule === 0 ? 0 : 1,
          condition: rp.condition === 1 ? 1 : 0,
          likenum: String(rp.likenum ?? 0),
          number: String(rp.number ?? 1),
          price: String(rp.price ?? ''),
        }
      : null,
    reward: rw
      ? {
          type: rw.type === 1 ? 1 : 0,
          answerId: rw.answerId ? String(rw.answerId) : '',
          price: String(rw.price ?? ''),
          expiredAt: typeof rw.expiredAt === 'string' ? rw.expiredAt.slice(0, 16) : '',
        }
      : null,
  };
}

function Choice<T extends number>({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string;
  value: T;
  options: Array<[T, string]>;
  onChange: (v: T) => void;
  name: string;
}) {
  return (
    <div className="money-editor__row" role="radiogroup" aria-label={label}>
      <span className="money-editor__label">{label}</span>
      {options.map(([v, text]) => (
        <label key={v}>
          <input type="radio" name={name} checked={value === v} onChange={() => onChange(v)} /> {text}
        </label>
      ))}
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="money-editor__row">
      <span className="money-editor__label">{label}</span>
      {children}
    </label>
  );
}

/** The red-packet block editor. */
export function RedPacketEditor({
  value: v,
  onChange,
  onRemove,
  variant,
}: {
  value: RedPacketDraft;
  onChange: (v: RedPacketDraft) => void;
  onRemove: () => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={`money-editor money-editor--red money-editor--${variant}`}
      data-testid="redpacket-editor"
    >
      <legend>{t('redpacket.title')}</legend>
      <Choice
        name="rp-rule"
        label={t('redpacket.rule')}
        value={v.rule}
        options={[
          [1, t('redpacket.ruleRandom')],
          [0, t('redpacket.ruleFixed')],
        ]}
        onChange={(rule) => onChange({ ...v, rule })}
      />
      <Choice
        name="rp-condition"
        label={t('redpacket.condition')}
        value={v.condition}
        options={[
          [0, t('redpacket.conditionReply')],
          [1, t('redpacket.conditionLikes')],
        ]}
        onChange={(condition) => onChange({ ...v, condition })}
      />
      {v.condition === 1 && (
        <Field label={t('redpacket.likenum')}>
          <Input
            variant={variant}
            name="rp-likenum"
            inputMode="numeric"
            value={v.likenum}
            onChange={(likenum) => onChange({ ...v, likenum })}
          />
        </Field>
      )}
      <Field label={t('redpacket.number')}>
        <Input
          variant={variant}
          name="rp-number"
          inputMode="numeric"
          value={v.number}
          onChange={(number) => onChange({ ...v, number })}
        />
      </Field>
      <Field label={t('redpacket.price')}>
        <Input
          variant={variant}
          name="rp-price"
          inputMode="decimal"
          value={v.price}
          onChange={(price) => onChange({ ...v, price })}
        />
      </Field>
      <Button size="small" kind="danger" variant={variant} onClick={onRemove}>
        {t('redpacket.remove')}
      </Button>
    </fieldset>
  );
}

/** The bounty block editor. */
export function RewardEditor({
  value: v,
  onChange,
  onRemove,
  variant,
}: {
  value: RewardDraft;
  onChange: (v: RewardDraft) => void;
  onRemove: () => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={`money-editor money-editor--bounty money-editor--${variant}`}
      data-testid="bounty-editor"
    >
      <legend>{t('bounty.title')}</legend>
      <Choice
        name="rw-type"
        label={t('bounty.type')}
        value={v.type}
        options={[
          [0, t('bounty.typeOpen')],
          [1, t('bounty.typeDesignated')],
        ]}
        onChange={(type) => onChange({ ...v, type })}
      />
      {v.type === 1 && (
        <Field label={t('bounty.answerId')}>
          <Input
            variant={variant}
            name="rw-answer"
            inputMode="numeric"
            value={v.answerId}
            onChange={(answerId) => onChange({ ...v, answerId })}
          />
        </Field>
      )}
      <Field label={t('bounty.price')}>
        <Input
          variant={variant}
          name="rw-price"
          inputMode="decimal"
          value={v.price}
          onChange={(price) => onChange({ ...v, price })}
        />
      </Field>
      <Field label={t('bounty.expiredAt')}>
        <input
          type="datetime-local"
          name="rw-expiry"
          value={v.expiredAt}
          onChange={(e) => onChange({ ...v, expiredAt: e.target.value })}
        />
      </Field>
      <Button size="small" kind="danger" variant={variant} onClick={onRemove}>
        {t('bounty.remove')}
      </Button>
    </fieldset>
  );
}

/** The two blocks' editors when the draft holds them. */
export function MoneyBlocks<D extends MoneyDraft>({
  draft,
  update,
  variant,
}: {
  draft: D;
  update: (fn: (d: D) => Partial<D>) => void;
  variant: Variant;
}) {
  return (
    <>
      {draft.redPacket && (
        <RedPacketEditor
          value={draft.redPacket}
          onChange={(redPacket) => update(() => ({ redPacket }) as Partial<D>)}
          onRemove={() => update(() => ({ redPacket: null }) as Partial<D>)}
          variant={variant}
        />
      )}
      {draft.reward && (
        <RewardEditor
          value={draft.reward}
          onChange={(reward) => update(() => ({ reward }) as Partial<D>)}
          onRemove={() => update(() => ({ reward: null }) as Partial<D>)}
          variant={variant}
        />
      )}
    </>
  );
}

/** The insert buttons of the two blocks, shown with `tom.permissions` (only on new threads: reference §1.3). */
export function MoneyButtons<D extends MoneyDraft>({
  draft,
  update,
  variant,
  can,
}: {
  draft: D;
  update: (fn: (d: D) => Partial<D>) => void;
  variant: Variant;
  can: (key: string) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {can(String(TomId.RED_PACKET)) && !draft.redPacket && (
        <Button
          variant={variant}
          onClick={() => update(() => ({ redPacket: newRedPacket() }) as Partial<D>)}
          data-testid="add-redpacket"
        >
          {t('redpacket.add')}
        </Button>
      )}
      {can(String(TomId.REWARD)) && !draft.reward && (
        <Button
          variant={variant}
          onClick={() => update(() => ({ reward: newReward() }) as Partial<D>)}
          data-testid="add-bounty"
        >
          {t('bounty.add')}
        </Button>
      )}
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, type Variant } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { act } from './thread-call.ts';
import { shortTime } from './thread-text.ts';

/** A vote block as the server shows it. */
export interface VoteData {
  voteId: number;
  voteTitle: string;
  choiceType: number;
  expiredAt: string | null;
  isExpired: boolean;
  isVoted: boolean;
  voteUsers: number;
  subitems: Array<{ id: number; content: string; voteCount: number; isVoted: boolean }>;
}

/** The vote block: choose options and vote once; afterwards (or when it ended) the counts. */
export function VoteBlock({
  threadId,
  initial,
  variant,
}: {
  threadId: number;
  initial: VoteData;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const { isLogin, lang } = useSite();
  const [vote, setVote] = useState(initial);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const multiple = vote.choiceType === 2;
  const showResult = vote.isVoted || vote.isExpired || !isLogin;
  const total = Math.max(
    1,
    vote.subitems.reduce((n, s) => n + s.voteCount, 0),
  );
  const toggle = (id: number) =>
    setChosen((c) => (multiple ? (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]) : [id]));
  const submit = async () => {
    setBusy(true);
    const next = await act('voteThread', { threadId, vote: { id: vote.voteId, subitemIds: chosen } });
    setBusy(false);
    if (next) setVote(next as VoteData);
  };
  return (
    <section className={`vote vote--${variant}`} data-testid="vote-block">
      <h3 className="vote__title">
        {vote.voteTitle || t('vote.title')}{' '}
        <span className="muted">({multiple ? t('vote.multiple') : t('vote.single')})</span>
      </h3>
      <ul className="vote__options">
        {vote.subitems.map((s) => (
          <li key={s.id} className={s.isVoted ? 'is-voted' : undefined}>
            {showResult ? (
              <div className="vote__result">
                <span
                  className="vote__bar"
                  style={{ width: `${Math.round((s.voteCount / total) * 100)}%` }}
                />
                <span className="vote__label">{s.content}</span>
                <span className="vote__count">{s.voteCount}</span>
              </div>
            ) : (
              <label>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`vote-${vote.voteId}`}
                  checked={chosen.includes(s.id)}
                  onChange={() => toggle(s.id)}
                />{' '}
                {s.content}
              </label>
            )}
          </li>
        ))}
      </ul>
      <p className="muted vote__meta">
        {t('vote.users', { count: vote.voteUsers })}
        {vote.expiredAt && ` · ${t('vote.expiresAt', { at: shortTime(vote.expiredAt, lang) })}`}
        {vote.isExpired && ` · ${t('vote.expired')}`}
        {vote.isVoted && ` · ${t('vote.voted')}`}
      </p>
      {!showResult && (
        <Button
          kind="primary"
          variant={variant}
          disabled={chosen.length === 0}
          loading={busy}
          onClick={() => void submit()}
          data-testid="vote-submit"
        >
          {t('vote.submit')}
        </Button>
      )}
    </section>
  );
}

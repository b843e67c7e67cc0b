import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, Input, type Variant } from '@forum/ui';

/** The vote block being written (reference §1.3: 2–20 options, single or multiple, optional expiry). */
export interface VoteDraft {
  voteTitle: string;
  choiceType: 1 | 2;
  /** `datetime-local` value, '' for none. */
  expiredAt: string;
  options: string[];
}

/** Fewest and most options of a vote. */
export const VOTE_MIN = 2;
export const VOTE_MAX = 20;

/** A new vote with two empty options. */
export function newVote(): VoteDraft {
  return { voteTitle: '', choiceType: 1, expiredAt: '', options: ['', ''] };
}

/** The vote block editor. */
export function VoteEditor({
  vote,
  onChange,
  onRemove,
  variant,
}: {
  vote: VoteDraft;
  onChange: (v: VoteDraft) => void;
  onRemove: () => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const setOption = (i: number, value: string) =>
    onChange({ ...vote, options: vote.options.map((o, j) => (j === i ? value : o)) });
  return (
    <fieldset className={`vote-editor vote-editor--${variant}`} data-testid="vote-editor">
      <legend>{t('vote.title')}</legend>
      <Input
        variant={variant}
        value={vote.voteTitle}
        onChange={(v) => onChange({ ...vote, voteTitle: v })}
        placeholder={t('editor.voteTitle')}
        maxLength={100}
        name="voteTitle"
      />
      {vote.options.map((o, i) => (
        <div className="vote-editor__option" key={i}>
          <Input
            variant={variant}
            value={o}
            onChange={(v) => setOption(i, v)}
            placeholder={t('editor.option', { n: i + 1 })}
            maxLength={50}
            name={`option-${i}`}
          />
          {vote.options.length > VOTE_MIN && (
            <Button
              size="small"
              kind="text"
              variant={variant}
              onClick={() => onChange({ ...vote, options: vote.options.filter((_, j) => j !== i) })}
            >
              {t('editor.removeOption')}
            </Button>
          )}
        </div>
      ))}
      {vote.options.length < VOTE_MAX && (
        <Button
          size="small"
          variant={variant}
          onClick={() => onChange({ ...vote, options: [...vote.options, ''] })}
          data-testid="add-option"
        >
          {t('editor.addOption')}
        </Button>
      )}
      <div className="vote-editor__row">
        <label>
          <input
            type="radio"
            checked={vote.choiceType === 1}
            onChange={() => onChange({ ...vote, choiceType: 1 })}
          />{' '}
          {t('vote.single')}
        </label>
        <label>
          <input
            type="radio"
            checked={vote.choiceType === 2}
            onChange={() => onChange({ ...vote, choiceType: 2 })}
          />{' '}
          {t('vote.multiple')}
        </label>
        <label>
          {t('editor.expiry')}{' '}
          <input
            type="datetime-local"
            value={vote.expiredAt}
            onChange={(e) => onChange({ ...vote, expiredAt: e.target.value })}
          />
        </label>
      </div>
      <Button size="small" kind="danger" variant={variant} onClick={onRemove}>
        {t('editor.removeVote')}
      </Button>
    </fieldset>
  );
}

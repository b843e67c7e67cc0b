import { useEffect, useState, type FormEvent } from 'react';
import { Button, TextArea, toast, type Variant } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** What is reported: a user's profile (type 0), a thread (1) or a reply (2), as `POST reports` takes it. */
export type ReportTarget =
  { type: 0; userId: number } | { type: 1; threadId: number } | { type: 2; postId: number };

/** The original's report reasons (discuz-fe thread pages), in its order; free text may add to or replace them. */
const REASONS = ['spam', 'illegal', 'flood', 'duplicate'] as const;
/** The free text's limit, so a reason plus the text stays within the contract's 200 characters. */
const TEXT_MAX = 150;

/**
 * The dialog: pick a reason, optionally write one, submit to `POST reports`. Its own chunk, loaded on the first
 * click of a report button: pages carry the button, and only someone reporting needs the form.
 */
export function ReportDialog({
  target,
  variant,
  onClose,
}: {
  target: ReportTarget;
  variant: Variant;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<string>('');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const picked = reason ? t(`report.reasons.${reason}`) : '';
    const full = [picked, text.trim()].filter(Boolean).join('：');
    if (!full) return setError(t('report.needReason'));
    setBusy(true);
    const [api, { reportCreate }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(reportCreate, { ...target, reason: full });
    setBusy(false);
    if (res.Code !== 0) return setError(res.Message || String(res.Code));
    toast.success(t('report.done'));
    onClose();
  };

  return (
    <div
      className={`report-dialog report-dialog--${variant}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="report-title"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <form className="report-dialog__box panel" onSubmit={(e) => void submit(e)} data-testid="report-dialog">
        <h2 id="report-title" className="report-dialog__title">
          {t('report.title')}
        </h2>
        <fieldset className="report-dialog__reasons">
          {REASONS.map((r) => (
            <label key={r}>
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setError('');
                }}
                data-testid={`report-reason-${r}`}
              />
              {t(`report.reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        <TextArea
          variant={variant}
          name="text"
          aria-label={t('report.other')}
          placeholder={t('report.otherPlaceholder')}
          maxLength={TEXT_MAX}
          value={text}
          onChange={(v) => {
            setText(v);
            setError('');
          }}
          data-testid="report-text"
        />
        {error && (
          <p className="report-dialog__error" role="alert" data-testid="report-error">
            {error}
          </p>
        )}
        <div className="report-dialog__actions">
          <Button variant={variant} onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button variant={variant} kind="primary" type="submit" loading={busy} data-testid="report-submit">
            {t('report.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}

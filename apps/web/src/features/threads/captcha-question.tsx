import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, Input, type Variant } from '@forum/ui';

/**
 * The challenge itself: a labelled answer field; Enter or the button sends, Escape or Cancel gives up. Its own
 * chunk, loaded when a question is asked: most writes never ask one.
 */
export function CaptchaPrompt({
  question,
  retry,
  variant,
  onAnswer,
}: {
  question: string;
  retry: boolean;
  variant: Variant;
  onAnswer: (answer: string | null) => void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const id = useId();
  // Not a <form>: the reply box around it already is one, and forms cannot nest.
  const send = () => answer.trim() && onAnswer(answer.trim());
  return (
    <div
      className={`captcha-prompt captcha-prompt--${variant}`}
      role="group"
      aria-labelledby={`${id}-title`}
      data-testid="captcha-prompt"
    >
      <p id={`${id}-title`} className="captcha-prompt__title">
        {t('captcha.title')}
      </p>
      {retry && (
        <p className="captcha-prompt__error" role="alert">
          {t('captcha.wrong')}
        </p>
      )}
      <label htmlFor={`${id}-answer`} className="captcha-prompt__question">
        {t('captcha.question', { question })}
      </label>
      <Input
        id={`${id}-answer`}
        variant={variant}
        inputMode="numeric"
        value={answer}
        onChange={setAnswer}
        autoFocus
        autoComplete="off"
        maxLength={6}
        data-testid="captcha-answer"
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            send();
          } else if (e.key === 'Escape') onAnswer(null);
        }}
      />
      <div className="captcha-prompt__actions">
        <Button variant={variant} size="small" onClick={() => onAnswer(null)}>
          {t('captcha.cancel')}
        </Button>
        <Button
          variant={variant}
          size="small"
          kind="primary"
          disabled={!answer.trim()}
          onClick={send}
          data-testid="captcha-submit"
        >
          {t('captcha.submit')}
        </Button>
      </div>
    </div>
  );
}

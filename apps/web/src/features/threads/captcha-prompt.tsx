import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, Input, type Variant } from '@forum/ui';
import { act, type CaptchaAnswer } from './thread-call.ts';

interface Challenge {
  ticket: string;
  question: string;
  retry: boolean;
}

/**
 * The built-in captcha challenge for thread and reply writes: `ask` fetches a question, shows it inline and
 * resolves with the answer (null when cancelled); render `prompt` where the challenge should appear.
 */
export function useCaptchaPrompt(variant: Variant): {
  ask: (retry: boolean) => Promise<CaptchaAnswer | null>;
  prompt: ReactNode;
} {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const resolver = useRef<((answer: string | null) => void) | null>(null);
  // A pending question must not hang its caller when the page goes away.
  useEffect(() => () => resolver.current?.(null), []);
  const ask = useCallback(async (retry: boolean): Promise<CaptchaAnswer | null> => {
    const issued = await act('captchaIssue', {});
    if (!issued) return null;
    // The site's proof of work needs no one to answer: the browser solves it (about a second). Its code loads
    // only then: most writes ask no captcha.
    if (issued.pow) {
      const { solvePow } = await import('../../shared/pow.ts');
      const nonce = await solvePow(issued.pow.challenge, issued.pow.difficulty);
      return { captchaTicket: issued.ticket, captchaRandStr: nonce };
    }
    setChallenge({ ...issued, retry });
    const answer = await new Promise<string | null>((resolve) => {
      resolver.current = resolve;
    });
    resolver.current = null;
    setChallenge(null);
    return answer === null ? null : { captchaTicket: issued.ticket, captchaRandStr: answer };
  }, []);
  const prompt = challenge ? (
    <CaptchaPrompt
      key={challenge.ticket}
      question={challenge.question}
      retry={challenge.retry}
      variant={variant}
      onAnswer={(a) => resolver.current?.(a)}
    />
  ) : null;
  return { ask, prompt };
}

/** The challenge itself: a labelled answer field; Enter or the button sends, Escape or Cancel gives up. */
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

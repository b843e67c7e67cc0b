import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Variant } from '@forum/ui';
import { act, type CaptchaAnswer } from './thread-call.ts';

const CaptchaPrompt = lazy(() =>
  import('./captcha-question.tsx').then((m) => ({ default: m.CaptchaPrompt })),
);

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
    <Suspense fallback={null}>
      <CaptchaPrompt
        key={challenge.ticket}
        question={challenge.question}
        retry={challenge.retry}
        variant={variant}
        onAnswer={(a) => resolver.current?.(a)}
      />
    </Suspense>
  ) : null;
  return { ask, prompt };
}

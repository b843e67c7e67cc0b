import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Code,
  wechatH5Bind,
  wechatH5Login,
  wechatH5Qrcode,
  wechatH5Rebind,
  type WechatAction,
} from '@forum/contracts';
import { toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { statusRedirect } from '../../app/auth-flow.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { AuthCard } from './auth-card.tsx';
import { pendingTwoFactor, TwoFactorStep } from './two-factor-step.tsx';
import { useAuthSubmit } from './use-auth-submit.ts';
import { actionOf, afterBindTarget, pendingPage, savePending, type WxPending } from './wx-pending.ts';

/** `/user/wx-authorization`: WeChat's redirect back; finishes the login, bind, rebind or QR scan it was for. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const action: WechatAction = actionOf(params.get('action')) ?? 'login';
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [qrDone, setQrDone] = useState(false);
  const [twoFactor, setTwoFactor] = useState<string | null>(null);
  const { busy, run } = useAuthSubmit('login.success');
  // A code is good once: never send it twice (strict-mode effects, re-renders).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // -7016: WeChat is known but bound to no account; the binding pages take over.
    const toPending = async (data: unknown) => {
      const pending = data as WxPending;
      savePending(pending);
      await navigate(pendingPage(pending), { replace: true });
    };
    // Arrived without WeChat's code (typed in, bookmarked, cancelled consent): nothing to finish, and the
    // validator's own words ("code: Too small") mean nothing to a person.
    if (!code || !state) return setError(t('wechat.noCode'));
    // A refusal of the call's shape says the same: the link is incomplete, not "Parameter Validator Error".
    const explain = (res: { Code: number; Message: string }) =>
      res.Code === Code.INVALID_PARAMETER ? t('wechat.noCode') : t('wechat.failed', { message: res.Message });
    void (async () => {
      const api = await getBrowserApi();
      const input = { code, state };
      if (action === 'login') {
        const res = await api.call(wechatH5Login, input);
        if (res.Code === Code.NEED_BIND_OR_CREATE_USER && res.Data) return toPending(res.Data);
        const second = pendingTwoFactor(res);
        if (second) return setTwoFactor(second);
        // Refusals stay on this page (the status page for banned or pending accounts); success moves on.
        if (res.Code !== 0) {
          const to = statusRedirect(res.Code, res.Message);
          return to ? void navigate(to, { replace: true }) : setError(explain(res));
        }
        return run(async () => res);
      }
      const res =
        action === 'qrcode'
          ? await api.call(wechatH5Qrcode, input)
          : await api.call(action === 'bind' ? wechatH5Bind : wechatH5Rebind, input);
      if (res.Code === Code.NEED_BIND_OR_CREATE_USER && res.Data) return toPending(res.Data);
      if (res.Code !== 0) return setError(explain(res));
      if (action === 'qrcode') return setQrDone(true);
      toast.success(t(action === 'bind' ? 'wechat.bound' : 'wechat.rebound'));
      await navigate(afterBindTarget(), { replace: true });
    })();
  }, [action, code, state, navigate, run, t]);

  if (twoFactor) return <TwoFactorStep variant={platform} token={twoFactor} busy={busy} run={run} />;
  return (
    <AuthCard variant={platform} title={t(qrDone ? 'wechat.qrDoneTitle' : 'wechat.authTitle')}>
      <p className="auth-note" data-testid="wx-authorization">
        {qrDone ? t('wechat.qrDone') : (error ?? t('wechat.authorizing'))}
      </p>
      {error && (
        <p className="auth-links">
          <Link to={`/user/wx-auth?action=${action === 'qrcode' ? 'login' : action}`}>
            {t('wechat.retry')}
          </Link>{' '}
          ·{' '}
          <Link to="/user/login" data-testid="back-to-login">
            {t('wechat.backToLogin')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}

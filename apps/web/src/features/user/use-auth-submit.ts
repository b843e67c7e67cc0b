import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { CallResult } from '@forum/api-client';
import type { LoginResult } from '@forum/contracts';
import { toast } from '@forum/ui';
import { afterLoginTarget, statusRedirect } from '../../app/auth-flow.ts';

/** Runs a login-like call and moves on: status page, nickname page, or the remembered return address. */
export function useAuthSubmit(successKey: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<CallResult<LoginResult>>) => {
    if (busy) return;
    setBusy(true);
    try {
      const res = await call();
      if (res.Code !== 0 || !res.Data) {
        const to = statusRedirect(res.Code, res.Message);
        if (to) await navigate(to);
        else toast.error(res.Message);
        return;
      }
      toast.success(t(successKey));
      const target = afterLoginTarget(res.Data);
      // Reload the site data first so the next page already sees the logged-in user.
      await revalidate();
      await navigate(target, { replace: true });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

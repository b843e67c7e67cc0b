import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallResult } from '@forum/api-client';
import { Code, wechatGenQrcode } from '@forum/contracts';
import { getBrowserApi } from '../../app/api.ts';

type Api = Awaited<ReturnType<typeof getBrowserApi>>;
/** Seconds between polls (the original allows 50 polls per 30 s). */
const POLL_MS = 2000;

/**
 * A pc QR session: makes one, shows its URL, polls until the phone side finished (-7002 meanwhile), and stops
 * at expiry (-7001) or any other answer. `refresh` starts a new one.
 */
export function useWxQrcode<T>(
  type: 'login' | 'bind' | 'rebind',
  poll: (api: Api, sessionToken: string) => Promise<CallResult<T>>,
  onDone: (result: CallResult<T>) => void,
) {
  const [url, setUrl] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;
  const pollRef = useRef(poll);
  pollRef.current = poll;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      const api = await getBrowserApi();
      const qr = await api.call(wechatGenQrcode, { type });
      if (!live) return;
      if (qr.Code !== 0 || !qr.Data) return setError(qr.Message);
      const token = qr.Data.sessionToken;
      setUrl(qr.Data.url);
      setExpired(false);
      const tick = async () => {
        const res = await pollRef.current(api, token);
        if (!live) return;
        if (res.Code === Code.QRCODE_SCANNING) timer = setTimeout(() => void tick(), POLL_MS);
        else if (res.Code === Code.QRCODE_TIMEOUT) setExpired(true);
        else done.current(res);
      };
      timer = setTimeout(() => void tick(), POLL_MS);
    })();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [type, round]);

  const refresh = useCallback(() => {
    setUrl(null);
    setError(null);
    setRound((r) => r + 1);
  }, []);
  return { url, expired, error, refresh };
}

import { useSyncExternalStore } from 'react';

const WECHAT_UA = /MicroMessenger/i;
const noSubscribe = () => () => {};

/** Whether a user agent is WeChat's own browser, the only place WeChat's OAuth consent page opens. */
export function isWechatBrowser(ua: string): boolean {
  return WECHAT_UA.test(ua);
}

/**
 * True inside WeChat's browser. False on the server and while hydrating (the server's HTML does not depend on
 * it), then the browser's own answer, so links that depend on it settle right after hydration.
 */
export function useInWechat(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => isWechatBrowser(navigator.userAgent),
    () => false,
  );
}

import { WECHAT_ACTIONS, type WechatAction } from '@forum/contracts';
import { RETURN_KEY, takeReturn } from '../../app/login-return.ts';
import { safeSessionStorage } from '../../app/storage.ts';

/** A WeChat that authorised but has no account yet (the -7016 Data), kept for the binding pages. */
export interface WxPending {
  sessionToken: string;
  nickname: string;
  avatar: string;
  registerType: number;
}

const KEY = 'forum_wx_pending';

export function savePending(p: WxPending): void {
  safeSessionStorage()?.setItem(KEY, JSON.stringify(p));
}

export function readPending(): WxPending | null {
  try {
    const raw = safeSessionStorage()?.getItem(KEY);
    return raw ? (JSON.parse(raw) as WxPending) : null;
  } catch {
    return null;
  }
}

export function clearPending(): void {
  safeSessionStorage()?.removeItem(KEY);
}

/** The page after -7016, by registration mode: a phone in phone mode, else the choice. */
export function pendingPage(p: WxPending): string {
  return p.registerType === 1 ? '/user/wx-bind-phone' : '/user/wx-select';
}

/** The action of a query value, or null when it is not one. */
export function actionOf(value: string | null): WechatAction | null {
  return (WECHAT_ACTIONS as readonly string[]).includes(value ?? '') ? (value as WechatAction) : null;
}

/** Where a bind or rebind goes next: the page the -8000 gate remembered, else my settings. */
export function afterBindTarget(): string {
  const storage = safeSessionStorage();
  return storage?.getItem(RETURN_KEY) ? takeReturn(storage) : '/my/edit';
}

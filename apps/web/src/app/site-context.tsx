import { createContext, useContext } from 'react';
import type { ForumData } from '@forum/contracts';
import type { Lang } from '../i18n/i18n.ts';
import type { Theme } from './api.ts';
import type { Platform } from './platform.ts';

/** Everything layouts and pages read about the site and the visitor. */
export interface SiteState {
  forum: ForumData;
  platform: Platform;
  theme: Theme;
  lang: Lang;
  origin: string;
  isLogin: boolean;
  /** A member's group-shared page before their overlay arrived: personal parts render as placeholders. */
  viewerPending?: boolean;
  /** Unread private messages for the header badge (filled by the messages issue). */
  unread: number;
  setTheme: (t: Theme) => void;
  setLang: (l: Lang) => void;
  logout: () => Promise<void>;
}

/** Provided by the root layout. */
export const SiteContext = createContext<SiteState | null>(null);

/** The site state; throws outside the root layout so misuse fails loudly. */
export function useSite(): SiteState {
  const s = useContext(SiteContext);
  if (!s) throw new Error('useSite outside SiteContext');
  return s;
}

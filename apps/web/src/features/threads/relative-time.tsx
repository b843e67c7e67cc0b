import { useHydrated } from '../../plugins/plugin-host.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { relativeTime, shortTime } from './thread-text.ts';

/**
 * A time as "5 minutes ago" in the page's language. The server and the hydrating browser write the date (the
 * same on both sides, and cached pages stay true); the browser then writes the distance from its own clock.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const text = hydrated
    ? relativeTime(iso, i18n.language, Date.now(), t('list.justNow'))
    : shortTime(iso, i18n.language);
  return (
    <time className={className} dateTime={iso} data-testid="relative-time">
      {text}
    </time>
  );
}

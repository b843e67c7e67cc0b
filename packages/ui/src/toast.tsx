import { useSyncExternalStore } from 'react';
import { toastStore, type ToastStore } from './toast-store.js';
import { cx } from './variant.js';

const ICONS: Record<string, string> = { info: 'i', success: '✓', warning: '!', error: '×', loading: '' };

/** Renders the one visible toast in the centre of the screen; mount once near the root. */
export function ToastHost({ store = toastStore }: { store?: ToastStore }) {
  const t = useSyncExternalStore(
    (fn) => store.subscribe(fn),
    () => store.get(),
    () => null,
  );
  if (!t) return null;
  return (
    <>
      {t.mask && (
        <div
          className="ui-toast-mask"
          data-testid="toast-mask"
          onClick={() => {
            if (t.maskClickable) store.hide(t.id);
          }}
        />
      )}
      <div key={t.id} className={cx('ui-toast', `ui-toast--${t.type}`)} role="status" aria-live="polite">
        <span className="ui-toast__icon" aria-hidden="true">
          {t.type === 'loading' ? <span className="ui-toast__spinner" /> : ICONS[t.type]}
        </span>
        <span className="ui-toast__content">{t.content}</span>
      </div>
    </>
  );
}

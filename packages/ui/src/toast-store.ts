/** Toast kinds (spec §4). */
export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'loading';

/** Default time a toast stays visible (spec §9: 1500 ms). */
export const TOAST_DEFAULT_DURATION = 1500;

/** One toast on screen. */
export interface ToastState {
  id: number;
  type: ToastType;
  content: string;
  duration: number;
  /** Draw a mask behind the toast; clicking it hides the toast when `maskClickable`. */
  mask: boolean;
  maskClickable: boolean;
}

/** Options of one toast call. */
export interface ToastOptions {
  duration?: number;
  mask?: boolean;
  maskClickable?: boolean;
}

type Listener = (t: ToastState | null) => void;

/** Holds the single visible toast: showing a new one replaces (hides) the previous one. */
export class ToastStore {
  private current: ToastState | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<Listener>();
  private seq = 0;

  /** The toast on screen, if any. */
  get(): ToastState | null {
    return this.current;
  }

  /** Registers a listener; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Shows a toast; a duration of 0 keeps it until hidden (the default for loading). */
  show(type: ToastType, content: string, opts: ToastOptions = {}): number {
    clearTimeout(this.timer);
    const duration = opts.duration ?? (type === 'loading' ? 0 : TOAST_DEFAULT_DURATION);
    const id = ++this.seq;
    this.current = {
      id,
      type,
      content,
      duration,
      mask: opts.mask ?? false,
      maskClickable: opts.maskClickable ?? false,
    };
    this.emit();
    if (duration > 0) this.timer = setTimeout(() => this.hide(id), duration);
    return id;
  }

  /** Hides the given toast (or whichever is visible when no id is given). */
  hide(id?: number): void {
    if (!this.current || (id !== undefined && this.current.id !== id)) return;
    clearTimeout(this.timer);
    this.current = null;
    this.emit();
  }

  private emit(): void {
    for (const fn of this.listeners) fn(this.current);
  }
}

/** The page-wide toast store used by {@link toast}. */
export const toastStore = new ToastStore();

/** Imperative toast API: `toast.success('Saved')`. */
export const toast = {
  info: (content: string, opts?: ToastOptions) => toastStore.show('info', content, opts),
  success: (content: string, opts?: ToastOptions) => toastStore.show('success', content, opts),
  warning: (content: string, opts?: ToastOptions) => toastStore.show('warning', content, opts),
  error: (content: string, opts?: ToastOptions) => toastStore.show('error', content, opts),
  loading: (content: string, opts?: ToastOptions) => toastStore.show('loading', content, opts),
  hide: (id?: number) => toastStore.hide(id),
};

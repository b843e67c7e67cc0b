import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PayRequest } from './pay-dialog.tsx';

// The dialog's code (providers, QR code, order polling) loads when a payment starts, not with the page.
const PayDialog = lazy(() => import('./pay-dialog.tsx').then((m) => ({ default: m.PayDialog })));

/**
 * The one way a page takes a payment: `openPay(request)` shows the pay dialog and resolves with the order
 * number once paid, or null when the payer closes it; render `dialog` once in the page.
 */
export function usePayment(): { openPay(request: PayRequest): Promise<string | null>; dialog: ReactNode } {
  const [open, setOpen] = useState<{ request: PayRequest; id: number } | null>(null);
  const done = useRef<((orderSn: string | null) => void) | null>(null);
  const seq = useRef(0);
  // A page left with the dialog open: its caller stops waiting.
  useEffect(() => () => done.current?.(null), []);
  const openPay = useCallback((request: PayRequest) => {
    done.current?.(null);
    seq.current += 1;
    setOpen({ request, id: seq.current });
    return new Promise<string | null>((resolve) => {
      done.current = resolve;
    });
  }, []);
  // Answers once: a provider's polled status may report paid again after the first answer.
  const finish = useCallback((orderSn: string | null) => {
    const resolve = done.current;
    done.current = null;
    setOpen(null);
    resolve?.(orderSn);
  }, []);
  const onClose = useCallback(() => finish(null), [finish]);
  const dialog = open && (
    <Suspense fallback={null}>
      <PayDialog key={open.id} request={open.request} onPaid={finish} onClose={onClose} />
    </Suspense>
  );
  return { openPay, dialog };
}

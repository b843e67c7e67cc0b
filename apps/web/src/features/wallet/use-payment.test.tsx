// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayDialogProps } from './pay-dialog.tsx';
import { usePayment } from './use-payment.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The dialog itself talks to the server; here only what the hook does with its answers matters.
let shown: PayDialogProps | null = null;
vi.mock('./pay-dialog.tsx', () => ({
  PayDialog: (props: PayDialogProps) => {
    shown = props;
    return <i data-testid="dialog">{props.request.title}</i>;
  },
}));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  shown = null;
});

/** Mounts a page using the hook; answers its `openPay`. */
function mountPage() {
  let pay!: ReturnType<typeof usePayment>['openPay'];
  function Page(): ReactNode {
    const { openPay, dialog } = usePayment();
    pay = openPay;
    return dialog;
  }
  const host = document.createElement('div');
  root = createRoot(host);
  act(() => root!.render(<Page />));
  return { host, open: (title: string) => pay({ title, order: { type: 3, threadId: 1 }, amount: '5.50' }) };
}

describe('usePayment', () => {
  it('answers the order number once paid and closes the dialog', async () => {
    const page = mountPage();
    let result: Promise<string | null> = Promise.resolve(null);
    // The dialog's code loads lazily: the async act lets it arrive.
    await act(async () => void (result = page.open('thread')));
    expect(page.host.textContent).toBe('thread');
    act(() => {
      shown!.onPaid('SN1');
      shown!.onPaid('SN1'); // a polled status reporting paid twice answers once
    });
    await expect(result).resolves.toBe('SN1');
    expect(page.host.textContent).toBe('');
  });

  it('answers null when closed, when replaced by another payment, and when the page goes away', async () => {
    const page = mountPage();
    let first: Promise<string | null> = Promise.resolve('x');
    let second: Promise<string | null> = Promise.resolve('x');
    await act(async () => void (first = page.open('one')));
    await act(async () => void (second = page.open('two')));
    await expect(first).resolves.toBeNull();
    expect(page.host.textContent).toBe('two');
    act(() => shown!.onClose());
    await expect(second).resolves.toBeNull();
    let third: Promise<string | null> = Promise.resolve('x');
    act(() => void (third = page.open('three')));
    act(() => root!.unmount());
    root = null;
    await expect(third).resolves.toBeNull();
  });
});

import { lazy, Suspense, useSyncExternalStore } from 'react';

// The encoder is fetched only in the browser, after hydration: no QR work in server renders, none in first-load JS.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

const noSubscribe = () => () => {};

/** The mobile-site QR code. Server and hydration render an empty box of the same size, so nothing shifts. */
export function HomeQrCode({ value, size = 128 }: { value: string; size?: number }) {
  // false on the server and while hydrating, true once the client renders on its own.
  const inBrowser = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const box = <svg width={size} height={size} aria-hidden="true" data-testid="qrcode-placeholder" />;
  if (!inBrowser) return box;
  return (
    <Suspense fallback={box}>
      <QRCodeSVG value={value} size={size} marginSize={1} title={value} />
    </Suspense>
  );
}

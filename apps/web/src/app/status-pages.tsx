import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Button, type Variant } from '@forum/ui';
import { useSite } from './site-context.tsx';

/**
 * Whether there is an earlier entry to go back to: an in-app navigation (the router numbers entries from 0) or a
 * page we were linked from. `history.length` alone is unreliable: a new tab's blank first entry counts too.
 */
export function hasHistory(): boolean {
  if (typeof window === 'undefined') return false;
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return idx > 0 || (window.history.length > 1 && document.referrer !== '');
}

/** Spec §2 not-found page: 404 image, message, and "Back to previous page" (pc falls back to `/`). */
export function NotFoundView({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handleBack = () => {
    if (variant === 'h5' || hasHistory()) void navigate(-1);
    else void navigate('/');
  };
  return (
    <section className={`status-page status-page--${variant}`} data-testid="not-found">
      <img className="status-page__image" src="/static/404.svg" alt="404" width={240} height={160} />
      <h1 className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__message">{t('notFound.message')}</p>
      <Button kind="primary" variant={variant} onClick={handleBack} data-testid="back">
        {t('notFound.back')}
      </Button>
    </section>
  );
}

/** Spec §2 fallback error page, shown when a page fails to render or its data cannot load. */
export function ErrorView({ variant, detail }: { variant: Variant; detail?: string }) {
  const { t } = useTranslation();
  return (
    <section className={`status-page status-page--${variant}`} data-testid="error-page">
      <h1 className="status-page__title">{t('error.title')}</h1>
      <p className="status-page__message">{t('error.message')}</p>
      {detail && <p className="status-page__detail">{detail}</p>}
      <Button kind="primary" variant={variant} onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </section>
  );
}

/** Error boundary of the root route: 404 responses get the not-found page, anything else the error page. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const variant: Variant =
    typeof document !== 'undefined' && document.documentElement.dataset.platform === 'h5' ? 'h5' : 'pc';
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView variant={variant} />;
  const siteInfo =
    isRouteErrorResponse(error) && (error.data as { reason?: string } | undefined)?.reason === 'siteInfo';
  return <ErrorView variant={variant} detail={siteInfo ? t('error.siteInfo') : undefined} />;
}

/** Whether a route error is a 404 (the page's own data said "no such thing"). */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/**
 * Error boundary of every page route: a missing thread, topic or user gets the site's own 404 inside the frame
 * (header and footer stay), as an unknown path does; other failures the error page, also inside the frame.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  const { platform } = useSite();
  if (isNotFound(error)) return <NotFoundView variant={platform} />;
  return <ErrorView variant={platform} />;
}

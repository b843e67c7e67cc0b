import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, type Variant } from '@forum/ui';
import { sendToLogin } from '../../app/send-to-login.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ReportTarget } from './report-dialog.tsx';

export type { ReportTarget } from './report-dialog.tsx';

const ReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })));

/**
 * "举报 / Report" on a thread, a reply or a profile. A guest is told to log in and goes to the login page
 * (coming back here after); a member gets the reasons dialog. The strings are the people namespace's.
 */
export function ReportButton({
  target,
  variant,
  size = 'small',
  testId = 'report',
}: {
  target: ReportTarget;
  variant: Variant;
  size?: 'small' | 'medium';
  testId?: string;
}) {
  const { t } = useTranslation();
  const { isLogin } = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const click = () => {
    if (isLogin) return setOpen(true);
    sendToLogin(t('login.pleaseLogin'), location.pathname + location.search, (to) => void navigate(to));
  };
  return (
    <>
      <Button size={size} kind="text" variant={variant} onClick={click} data-testid={testId}>
        {t('report.action')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} variant={variant} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSite } from '../../app/site-context.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';

function Placeholder({ titleKey, needsLogin }: { titleKey: string; needsLogin: boolean }) {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [params] = useSearchParams();
  const isLogin = useRequireLogin(needsLogin);
  const keyword = params.get('keyword');
  const name = forum.user?.nickname || forum.user?.username;
  return (
    <section className={`panel placeholder placeholder--${platform}`} data-testid="placeholder">
      <h1 className="panel__title">{t(titleKey)}</h1>
      {keyword !== null && <p>{t('placeholder.keyword', { keyword })}</p>}
      {isLogin && name && <p data-testid="hello">{t('placeholder.hello', { name })}</p>}
      <p className="muted">{t('placeholder.soon')}</p>
    </section>
  );
}

/** `/my`, `/message`, `/search`: shells the later issues fill in; the first two need login. */
export function Component() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/my')) return <Placeholder titleKey="placeholder.my" needsLogin />;
  if (pathname.startsWith('/message')) return <Placeholder titleKey="placeholder.message" needsLogin />;
  return <Placeholder titleKey="placeholder.search" needsLogin={false} />;
}

import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSite } from '../../app/site-context.tsx';
import { AuthCard } from './auth-card.tsx';

/** `/user/agreement?type=register|privacy`: the site's agreement texts, shown as plain text. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [params] = useSearchParams();
  const privacy = params.get('type') === 'privacy';
  const text = privacy ? forum.agreement.privacyContent : forum.agreement.registerContent;
  return (
    <AuthCard variant={platform} title={privacy ? t('agreement.privacy') : t('agreement.register')}>
      <div className="agreement-text">{text || t('agreement.empty')}</div>
    </AuthCard>
  );
}

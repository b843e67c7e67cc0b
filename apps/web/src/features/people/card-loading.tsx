import { useTranslation } from '../../i18n/use-translation.tsx';

/** The placeholder while a card loads (spec §2). */
export function CardLoading() {
  const { t } = useTranslation();
  return (
    <div className="user-card-pop user-card-pop--loading" data-testid="user-card-loading" role="status">
      <span className="user-card-pop__skeleton" />
      <span className="muted">{t('people.loading')}</span>
    </div>
  );
}

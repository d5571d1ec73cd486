import { useTranslation } from 'react-i18next';
import classes from './PageLoader.module.css';

/** The loading state of a page or of the session check, drawn without Mantine (the sign-in page shows it). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className={classes.center} role="status" aria-live="polite">
      <span className={classes.loader} role="img" aria-label={t('global.messages.loading')} />
    </div>
  );
}

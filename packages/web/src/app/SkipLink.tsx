// Visible only when focused from the keyboard: jumps over the header to the page.
import { useTranslation } from 'react-i18next';
import classes from './Layout.module.css';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.skipLink}>
      {t('global.skipToContent')}
    </a>
  );
}

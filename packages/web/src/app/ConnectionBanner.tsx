// « Connexion perdue »: shown while the server or the network is away (api/connection.ts), gone once a
// call is answered again. Plain elements, no Mantine: it must show when no chunk can be loaded. The live
// region stays in the page, empty, so that screen readers announce the text when it comes.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isConnectionLost, subscribeConnection } from '../api/connection';
import classes from './ConnectionBanner.module.css';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const lost = useSyncExternalStore(subscribeConnection, isConnectionLost);
  return (
    <div role="status" aria-live="polite" className={lost ? classes.banner : undefined}>
      {lost && (
        <>
          <strong>{t('connection.lost')}</strong>
          {t('connection.retrying')}
        </>
      )}
    </div>
  );
}

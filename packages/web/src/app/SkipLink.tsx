// Visible only when focused from the keyboard: jumps over the header to the page, and, while the page
// shows a list, to its first row (issue 38: 36 Tab presses reached the first row before).
import { useTranslation } from 'react-i18next';
import { focusFirstRow, useListShown } from '../ui/list-keys';
import classes from './Layout.module.css';

export function SkipLink() {
  const { t } = useTranslation();
  const list = useListShown();
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        {t('global.skipToContent')}
      </a>
      {list && (
        <a
          href="#main"
          className={classes.skipLink}
          onClick={(event) => {
            if (focusFirstRow()) event.preventDefault();
          }}
        >
          {t('global.skipToList')}
        </a>
      )}
    </>
  );
}

// The header's client search, for the roles that may open client files: a button, and Ctrl+K (Cmd+K on
// a Mac) from anywhere. Its dialog, drawn with Mantine, is a chunk of its own fetched once the signed-in
// page is idle: the sign-in page carries only this button's code.
import { ROUTE_ACCESS } from '@bank/domain';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasAuthority } from '../auth/use-has-authority';
import button from '../ui/plain-button.module.css';
import classes from './Header.module.css';
import search from './ClientSearch.module.css';
import { lazyComponent } from './lazy-group';

const loadDialog = () => import('./ClientSearchDialog');
const ClientSearchDialog = lazyComponent(() => loadDialog().then((module) => module.ClientSearchDialog));

const onMac = () => /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Ctrl+K, or Cmd+K on a Mac, with no other modifier. */
const isShortcut = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (onMac() ? event.metaKey : event.ctrlKey) && !event.altKey && !event.shiftKey;

export function ClientSearch() {
  const { t } = useTranslation();
  // The client file is a staff screen under /entity; the search's API answers the same roles.
  const allowed = useHasAuthority(ROUTE_ACCESS.entity);
  /** Null until first opened: the dialog is not drawn before. */
  const [opened, setOpened] = useState<boolean | null>(null);

  useEffect(() => {
    if (!allowed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      // The browser's own Ctrl+K (its search bar) gives way to the app's.
      event.preventDefault();
      setOpened(true);
    };
    window.addEventListener('keydown', onKeyDown);
    const idle = window.setTimeout(() => void loadDialog(), 2000);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.clearTimeout(idle);
    };
  }, [allowed]);

  if (!allowed) return null;
  const shortcut = onMac() ? '⌘ K' : 'Ctrl K';
  return (
    <>
      <button
        type="button"
        className={`${button.button} ${button.subtle} ${classes.menuButton} mantine-focus-auto`}
        aria-haspopup="dialog"
        aria-keyshortcuts={onMac() ? 'Meta+K' : 'Control+K'}
        // The label and the shortcut as shown, also where a small screen shows only the icon.
        aria-label={`${t('clientSearch.button')} ${shortcut}`}
        data-testid="client-search-button"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpened(true)}
      >
        <span className={classes.menuInner}>
          <span className={classes.menuSection} data-position="left">
            <IconSearch size={18} aria-hidden />
          </span>
          <span className={classes.menuLabel}>{t('clientSearch.button')}</span>{' '}
          <kbd className={`${search.shortcut} ${classes.menuLabel}`} aria-hidden>
            {shortcut}
          </kbd>
        </span>
      </button>
      {opened !== null && (
        <Suspense fallback={null}>
          <ClientSearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

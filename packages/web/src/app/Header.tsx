// The shell's header: side menu button (small screens), home link, environment ribbon, client search,
// notifications bell, admin menu, language picker and account menu. Drawn without Mantine (Header.module.css), as it shows on the
// sign-in page.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../ui/Logo';
import { AccountMenu } from './AccountMenu';
import { ClientSearch } from './ClientSearch';
import classes from './Header.module.css';
import { LanguagePicker } from './LanguagePicker';
import { AppLink } from './navigation';
import { Ribbon } from './Ribbon';

/** `bell`, `adminMenu` and `menuButton` come from the signed-in shell: the sign-in page does not carry them. */
export function Header({
  bell,
  adminMenu,
  menuButton,
}: {
  bell?: ReactNode;
  adminMenu?: ReactNode;
  menuButton?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.bar}>
      <div className={classes.brand}>
        {menuButton}
        <AppLink to="/" className={`${classes.home} mantine-focus-auto`} aria-label={t('global.title')}>
          <Logo size={32} />
          <p className={classes.title}>{t('global.title')}</p>
        </AppLink>
        <Ribbon />
      </div>
      <nav className={classes.nav} aria-label={t('global.menu.main')}>
        <ClientSearch />
        {bell}
        {adminMenu}
        <LanguagePicker />
        <AccountMenu />
      </nav>
    </div>
  );
}

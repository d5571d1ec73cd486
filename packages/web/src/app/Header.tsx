// The shell's header: home link, environment ribbon, admin menu, language picker, account menu. Drawn
// without Mantine (Header.module.css), as it shows on the sign-in page.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../ui/Logo';
import { AccountMenu } from './AccountMenu';
import classes from './Header.module.css';
import { LanguagePicker } from './LanguagePicker';
import { Ribbon } from './Ribbon';

/** `adminMenu` comes from the signed-in shell: the sign-in page does not carry it. */
export function Header({ adminMenu }: { adminMenu?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.bar}>
      <div className={classes.brand}>
        <Link to="/" className={`${classes.home} mantine-focus-auto`} aria-label={t('global.title')}>
          <Logo size={32} />
          <p className={classes.title}>{t('global.title')}</p>
        </Link>
        <Ribbon />
      </div>
      <nav className={classes.nav} aria-label={t('global.menu.main')}>
        {adminMenu}
        <LanguagePicker />
        <AccountMenu />
      </nav>
    </div>
  );
}

// Environment ribbon (spec part 1 section 2.1): the profile's environment, outside production only.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../api/management';
import classes from './Header.module.css';

export function Ribbon() {
  const { t } = useTranslation();
  const { data: profile } = useQuery(profileQuery());
  const environment = profile && !profile.inProduction ? (profile.ribbonEnv ?? profile.activeProfiles[0]) : null;
  if (!environment) return null;
  const label = t(`global.ribbon.${environment}`, { defaultValue: environment });
  return (
    <span className={classes.ribbon} data-testid="ribbon" title={label}>
      {label}
    </span>
  );
}

// Once signed in, the account's language applies unless a language was already chosen in this session.
import { useEffect } from 'react';
import { useSession } from '../auth/use-session';
import { changeLocale } from './i18n';
import { isLanguage, storedLocale } from './locale-storage';

export function useAccountLocale(): void {
  const { account } = useSession();
  const langKey = account?.langKey;
  useEffect(() => {
    if (isLanguage(langKey) && storedLocale() === null) void changeLocale(langKey);
  }, [langKey]);
}

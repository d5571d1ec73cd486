// Language picker (spec part 1 section 2.1): shown because more than one locale exists.
import { LANGUAGES } from '@bank/domain';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n/i18n';
import { HeaderMenu } from './HeaderMenu';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  if (LANGUAGES.length < 2) return null;
  return (
    <HeaderMenu
      data-testid="language-picker"
      icon={<IconLanguage size={18} aria-hidden />}
      label={t(`language.${i18n.language}`)}
      aria-label={`${t('global.menu.language')}: ${t(`language.${i18n.language}`)}`}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: t(`language.${language}`),
        lang: language,
        current: language === i18n.language,
        onClick: () => void changeLocale(language),
      }))}
    />
  );
}

// Language picker (spec part 1 section 2.1): shown because more than one locale exists.
import { LANGUAGES } from '@bank/domain';
import { Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n/i18n';
import { HeaderMenuButton } from './HeaderMenuButton';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  if (LANGUAGES.length < 2) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <HeaderMenuButton
          data-testid="language-picker"
          icon={<IconLanguage size={18} aria-hidden />}
          label={t(`language.${i18n.language}`)}
          aria-label={`${t('global.menu.language')}: ${t(`language.${i18n.language}`)}`}
        />
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === i18n.language ? 'true' : undefined}
            rightSection={language === i18n.language ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => void changeLocale(language)}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

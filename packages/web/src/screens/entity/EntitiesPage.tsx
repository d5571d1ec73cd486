// /entity: the staff area's entry; the entity screens and the role side menu come with their issues.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';

export function EntitiesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('global.menu.entities.main')}</PageTitle>
      <Text c="dimmed">{t('entityHome.empty')}</Text>
    </>
  );
}

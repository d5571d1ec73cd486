// /entity/<log>/story/{id}: a request's history as a plain page (spec part 1 §2.14, beneficiary log),
// as callout blocks where the request type asks for them (transfers, part 2 §2.4).
import { Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useRouteId } from '../../engine/use-entity-route';
import { PageTitle } from '../../ui/PageTitle';
import { HistoryCallouts } from '../../workflow/HistoryCallouts';
import { HistoryTable } from '../../workflow/HistoryTable';
import { managerPaths, requestTypeByLogRoute } from './request-types';

export function RequestStoryPage() {
  const { t } = useTranslation();
  const type = requestTypeByLogRoute(useParams().route);
  const id = useRouteId();
  if (!type || !id) return <NotFoundPage />;
  return (
    <Stack gap="md">
      <PageTitle>{t(`manager.${type.key}.historyTitle`)}</PageTitle>
      {type.storyCallouts ? (
        <HistoryCallouts source={type.history} requestId={id} />
      ) : (
        <HistoryTable source={type.history} requestId={id} />
      )}
      <Button
        component={Link}
        to={managerPaths(type).list}
        variant="default"
        w="fit-content"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {t('manager.form.back')}
      </Button>
    </Stack>
  );
}

// /activate/{key?} and /activate?key= (spec part 1 sections 2.2 and 8): GET api/activate once, then
// 'activated, please sign in' or 'could not be activated, please register'.
import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { activate } from '../../api/account';
import { PageLoader } from '../../ui/PageLoader';
import { PublicCard } from './PublicCard';

export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = useParams().key ?? params.get('key') ?? '';
  const activation = useQuery({
    queryKey: ['activate', key],
    queryFn: () => activate(key),
    enabled: key !== '',
    retry: false,
    staleTime: Infinity,
  });
  const failed = key === '' || activation.isError;

  return (
    <PublicCard title={t('activate.title')}>
      {!failed && activation.isPending && <PageLoader />}
      {activation.isSuccess && (
        <Alert color="green" variant="light" data-testid="activate-success">
          <Text size="sm">
            <Trans i18nKey="activate.messages.success" components={{ a: <Anchor component={Link} to="/login" /> }} />
          </Text>
        </Alert>
      )}
      {failed && (
        <Alert color="red" variant="light" data-testid="activate-error">
          <Text size="sm">
            <Trans i18nKey="activate.messages.error" components={{ a: <Anchor component={Link} to="/register" /> }} />
          </Text>
        </Alert>
      )}
    </PublicCard>
  );
}

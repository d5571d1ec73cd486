// The account modals as addresses (spec part 1 §2.4): /entity/bank-account/view/manager/client/bankAccount/
// transaction/{accountId} and /entity/transfer/view/manager/client/bankAccount/transfers/{accountId}, each
// over the file of the account's client; closing goes back to that file.
import { entityByName } from '@bank/domain';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { entityQueries, type EntityRow } from '../../api/entities';
import { LoadingText } from '../../engine/LoadingText';
import { useRouteId } from '../../engine/use-entity-route';
import { ClientFile } from '../manager/ClientFilePage';
import { TransactionsModal, TransfersModal } from './AccountModals';
import { moneyPaths, refId } from './money-paths';

const bankAccount = entityByName('bankAccount');

function AccountModalPage({ Modal }: { Modal: ComponentType<{ account: EntityRow; onClose(): void }> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useRouteId();
  const account = useQuery({ ...entityQueries(bankAccount).get(id ?? 0), enabled: Boolean(id) });
  if (!id) return <NotFoundPage />;
  if (account.isPending) return <LoadingText />;
  if (account.isError) return <Alert color="red">{t('entity.detail.error')}</Alert>;
  const clientId = refId(account.data.clientId);
  return (
    <>
      {clientId && <ClientFile id={clientId} />}
      <Modal
        account={account.data}
        onClose={() => void navigate(clientId ? moneyPaths.clientFile(clientId) : '/entity/client/manager')}
      />
    </>
  );
}

export const AccountTransactionsPage = () => <AccountModalPage Modal={TransactionsModal} />;
export const AccountTransfersPage = () => <AccountModalPage Modal={TransfersModal} />;

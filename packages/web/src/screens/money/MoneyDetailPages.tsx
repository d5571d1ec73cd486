// The detail pages of the account views: the printable 'Détails transaction' (spec part 2 §2.5) and
// 'Détails virement' (§2.3), and the on-screen transaction detail (§2.3) with a way to print it.
import { entityByName, formatDateTime, formatXof, type Entity } from '@bank/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { entityQueries, type EntityRow } from '../../api/entities';
import { LoadingText } from '../../engine/LoadingText';
import { useRouteId } from '../../engine/use-entity-route';
import { PageTitle } from '../../ui/PageTitle';
import { StatusBadge } from '../../workflow/StatusBadge';
import { moneyPaths } from './money-paths';
import { PrintSheet, type PrintFact } from './PrintSheet';

const transaction = entityByName('transaction');
const transfer = entityByName('transfer');

type Fact = [labelKey: string, value: (row: EntityRow, t: TFunction) => ReactNode];

const text = (name: string) => (row: EntityRow) => String(row[name] ?? '');
const money = (name: string) => (row: EntityRow) => formatXof(row[name] as string | null);
const dateTime = (name: string) => (row: EntityRow) => formatDateTime(row[name] as string | null);

/** Spec part 2 §2.5, in its order and wording. */
const TRANSACTION_PRINT: readonly Fact[] = [
  ['money.print.transaction.ownerName', text('ownerName')],
  ['money.print.transaction.reference', text('transactionNumber')],
  ['money.print.transaction.accountNumber', text('bankAccountNumber')],
  ['money.print.transaction.amount', money('amount')],
  ['money.print.transaction.imputationDate', dateTime('imputationDate')],
  ['money.print.transaction.valueDate', dateTime('valueDate')],
  ['money.print.transaction.transactionDate', dateTime('transactionDate')],
];

const TRANSFER_PRINT: readonly Fact[] = [
  ['manager.transfer.reference', (row) => String(row.id)],
  ['money.print.transaction.ownerName', text('clientName')],
  ['manager.transfer.export.clientCode', text('clientCode')],
  ['money.print.transaction.accountNumber', text('bankAccountNumber')],
  ['manager.transfer.export.beneficiaryName', text('beneficiaryName')],
  ['manager.transfer.export.beneficiaryRib', text('beneficiaryRib')],
  ['entities.transfer.fields.amount', money('amount')],
  ['entities.transfer.fields.createdAt', dateTime('createdAt')],
  ['entities.transfer.fields.execDate', dateTime('execDate')],
  ['entities.transfer.fields.demandStatus', (row) => <StatusBadge status={row.demandStatus} />],
  ['entities.transfer.fields.comment', text('comment')],
];

function usePrintFacts(entity: Entity, facts: readonly Fact[]) {
  const { t } = useTranslation();
  const id = useRouteId();
  const loaded = useQuery({ ...entityQueries(entity).get(id ?? 0), enabled: Boolean(id) });
  const rows: PrintFact[] | undefined = loaded.data
    ? facts.map(([labelKey, value]) => ({ label: t(labelKey), value: value(loaded.data, t) }))
    : undefined;
  return { id, rows, isLoading: loaded.isPending && Boolean(id), isError: loaded.isError };
}

export function TransactionPrintPage() {
  const { t } = useTranslation();
  const facts = usePrintFacts(transaction, TRANSACTION_PRINT);
  if (!facts.id) return <NotFoundPage />;
  return (
    <PrintSheet
      title={t('money.print.transaction.title')}
      facts={facts.rows}
      isLoading={facts.isLoading}
      isError={facts.isError}
    />
  );
}

export function TransferPrintPage() {
  const { t } = useTranslation();
  const facts = usePrintFacts(transfer, TRANSFER_PRINT);
  if (!facts.id) return <NotFoundPage />;
  return (
    <PrintSheet
      title={t('money.print.transfer.title')}
      facts={facts.rows}
      isLoading={facts.isLoading}
      isError={facts.isError}
    />
  );
}

/** Every field of the transaction with its account and owner; direction and status in words. */
const TRANSACTION_DETAIL: readonly Fact[] = [
  ['entities.transaction.fields.transactionNumber', text('transactionNumber')],
  ['money.print.transaction.ownerName', text('ownerName')],
  ['money.print.transaction.accountNumber', text('bankAccountNumber')],
  ['entities.transaction.fields.label', text('label')],
  ['entities.transaction.fields.additionalLabel', text('additionalLabel')],
  ['entities.transaction.fields.amount', money('amount')],
  [
    'entities.transaction.fields.direction',
    (row, t) =>
      row.direction ? `${String(row.direction)} – ${t(`enums.transactionDirection.${String(row.direction)}`)}` : '',
  ],
  ['entities.transaction.fields.transactionDate', dateTime('transactionDate')],
  ['entities.transaction.fields.imputationDate', dateTime('imputationDate')],
  ['entities.transaction.fields.valueDate', dateTime('valueDate')],
  ['entities.transaction.fields.conterpartyBankAccountNumber', text('conterpartyBankAccountNumber')],
  ['entities.transaction.fields.beforeBalance', money('beforeBalance')],
  ['entities.transaction.fields.afterBalance', money('afterBalance')],
  ['entities.transaction.fields.statusTransaction', (row) => <StatusBadge status={row.statusTransaction} />],
];

export function TransactionDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const facts = usePrintFacts(transaction, TRANSACTION_DETAIL);
  if (!facts.id) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={900}>
      <PageTitle>{t('money.transactions.detailTitle')}</PageTitle>
      {facts.isLoading && <LoadingText />}
      {facts.isError && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {facts.rows && (
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="transaction-detail">
            {facts.rows.map((fact) => (
              <div key={fact.label}>
                <Text size="xs" c="dimmed" fw={600}>
                  {fact.label}
                </Text>
                <Text size="sm" component="div">
                  {fact.value || '—'}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(-1)}
        >
          {t('manager.form.back')}
        </Button>
        <Button
          component={Link}
          to={moneyPaths.transactionPrint(facts.id)}
          leftSection={<IconPrinter size={16} aria-hidden />}
        >
          {t('money.actions.print')}
        </Button>
      </Group>
    </Stack>
  );
}

// An account's transactions modal (spec part 2 §2.5: amount, date, type C/D, reference) and transfers
// modal (§2.3: status, amount, date, reference), each paged, each row leading to its detail.
import { ENUMS, entityByName, formatDateTime, formatXof } from '@bank/domain';
import { Anchor, Badge, Group, Select, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EntityRow } from '../../api/entities';
import { DateField } from '../../fields/DateField';
import { moneyQueries, type AccountTransferFilters, type TransactionFilters } from '../../api/money';
import { StatusBadge } from '../../workflow/StatusBadge';
import { AccountListModal } from './AccountListModal';
import { moneyPaths } from './money-paths';
import { useModalList, type ModalList } from './use-modal-list';

const transaction = entityByName('transaction');
const transfer = entityByName('transfer');
/** The 'tous' choice of the selects: no criterion. */
const ALL = 'tous';

interface AccountModalProps {
  account: EntityRow;
  onClose(): void;
}

const AMOUNT = /^\d[\d\s]*([.,]\d{1,2})?$/;

function AmountDateReference({ list }: { list: ModalList }) {
  const { t } = useTranslation();
  const amount = list.draft.montant ?? '';
  return (
    <>
      <TextInput
        label={t('money.filters.amount')}
        inputMode="decimal"
        value={amount}
        error={amount.trim() && !AMOUNT.test(amount.trim()) ? t('money.filters.amountInvalid') : undefined}
        onChange={(event) => list.set('montant', event.currentTarget.value)}
        w={150}
      />
      <DateField
        label={t('money.filters.date')}
        value={list.draft.date ?? ''}
        onChange={(date) => list.set('date', date)}
      />
      <TextInput
        label={t('money.filters.reference')}
        value={list.draft.reference ?? ''}
        onChange={(event) => list.set('reference', event.currentTarget.value)}
        w={180}
      />
    </>
  );
}

function ChoiceFilter({
  list,
  name,
  label,
  options,
}: {
  list: ModalList;
  name: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      value={list.draft[name] || ALL}
      onChange={(value) => list.set(name, value === ALL || !value ? '' : value)}
      allowDeselect={false}
      data={[{ value: ALL, label: t('manager.transfer.filters.all') }, ...options]}
      w={170}
    />
  );
}

/** Searches only when the amount reads as one, so a typo is told here rather than by a server refusal. */
const searchable = (list: ModalList) => ({
  ...list,
  search: () => {
    const amount = (list.draft.montant ?? '').trim();
    if (!amount || AMOUNT.test(amount)) list.search();
  },
});

export function TransactionsModal({ account, onClose }: AccountModalProps) {
  const { t } = useTranslation();
  const empty: TransactionFilters = { montant: '', date: '', type: '', reference: '' };
  const list = useModalList(empty, (filters, params) => moneyQueries.transactions(account.id, filters, params));
  const label = (name: string) => t(transaction.field(name)!.labelKey);
  return (
    <AccountListModal
      title={t('money.transactions.title')}
      accountNumber={String(account.bankAccountNumber ?? '')}
      list={searchable(list)}
      testId="transactions-modal"
      onClose={onClose}
      filters={
        <>
          <AmountDateReference list={list} />
          <ChoiceFilter
            list={list}
            name="type"
            label={t('money.filters.type')}
            options={ENUMS.transactionDirection.values.map((value) => ({
              value,
              label: `${value} – ${t(`enums.transactionDirection.${value}`)}`,
            }))}
          />
        </>
      }
      headings={[
        { label: t('money.filters.reference') },
        { label: label('transactionDate') },
        { label: label('label') },
        { label: t('money.filters.type') },
        { label: label('amount'), right: true },
      ]}
    >
      {list.rows.map((row) => (
        <Table.Tr key={row.id} data-row-id={row.id}>
          <Table.Td>{String(row.transactionNumber ?? '')}</Table.Td>
          <Table.Td>{formatDateTime(row.transactionDate as string | null)}</Table.Td>
          <Table.Td>{String(row.label ?? '')}</Table.Td>
          <Table.Td>
            <Badge color={row.direction === 'C' ? 'green' : 'red'} data-direction={row.direction}>
              {row.direction ? t(`enums.transactionDirection.${String(row.direction)}`) : ''}
            </Badge>
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatXof(row.amount as string | null)}
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={moneyPaths.transactionDetail(row.id)} size="sm">
                {t('money.actions.detail')}
              </Anchor>
              <Anchor component={Link} to={moneyPaths.transactionPrint(row.id)} size="sm">
                {t('money.actions.print')}
              </Anchor>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </AccountListModal>
  );
}

export function TransfersModal({ account, onClose }: AccountModalProps) {
  const { t } = useTranslation();
  const empty: AccountTransferFilters = { status: '', montant: '', date: '', reference: '' };
  const list = useModalList(empty, (filters, params) => moneyQueries.transfers(account.id, filters, params));
  const label = (name: string) => t(transfer.field(name)!.labelKey);
  return (
    <AccountListModal
      title={t('money.transfers.title')}
      accountNumber={String(account.bankAccountNumber ?? '')}
      list={searchable(list)}
      testId="transfers-modal"
      onClose={onClose}
      filters={
        <>
          <ChoiceFilter
            list={list}
            name="status"
            label={t('manager.transfer.filters.status')}
            options={ENUMS.demandStatus.values.map((value) => ({ value, label: t(`enums.demandStatus.${value}`) }))}
          />
          <AmountDateReference list={list} />
        </>
      }
      headings={[
        { label: t('manager.transfer.reference') },
        { label: t('manager.columns.beneficiary') },
        { label: label('createdAt') },
        { label: label('demandStatus') },
        { label: label('amount'), right: true },
      ]}
    >
      {list.rows.map((row) => (
        <Table.Tr key={row.id} data-row-id={row.id}>
          <Table.Td>{row.id}</Table.Td>
          <Table.Td>{String(row.beneficiaryName ?? '')}</Table.Td>
          <Table.Td>{formatDateTime(row.createdAt as string | null)}</Table.Td>
          <Table.Td>
            <StatusBadge status={row.demandStatus} />
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatXof(row.amount as string | null)}
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={moneyPaths.transferPrint(row.id)} size="sm">
              {t('money.actions.detail')}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </AccountListModal>
  );
}

// /admin/ledger: GET management/ledger, whether the books reconcile: each invariant with its figures and
// the first rows out of line, and the bank's own accounts with the sum of their postings.
import { formatDateTime, formatXof } from '@bank/domain';
import { Alert, Badge, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ledgerQuery } from '../../api/management';
import type { LedgerReport } from '../../api/types';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { ReportHeader } from '../../ui/ReportHeader';

/** Figures that are sums of money, shown in XOF; the others are counts. */
const MONEY_FIGURES = new Set(['sumOfAllPostings', 'sumOfBalances', 'sumOfHolds']);

function Figures({ figures }: { figures: Record<string, number | string> }) {
  const { t } = useTranslation();
  return (
    <List size="sm" listStyleType="none">
      {Object.entries(figures).map(([name, value]) => (
        <List.Item key={name}>
          {t('ledger.figureLine', {
            name: t(`ledger.figure.${name}`, { defaultValue: name }),
            value: formatXof(String(value), { currency: MONEY_FIGURES.has(name) }),
          })}
        </List.Item>
      ))}
    </List>
  );
}

function Checks({ report }: { report: LedgerReport }) {
  const { t } = useTranslation();
  const heading = (name: string) => t(`ledger.table.${name}`);
  return (
    <FitTable>
      <Table striped withTableBorder data-testid="ledger-checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{heading('check')}</Table.Th>
            <Table.Th scope="col">{heading('result')}</Table.Th>
            <Table.Th scope="col">{heading('figures')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.checks.map((check) => (
            <Table.Tr key={check.key} data-testid={`ledger-check-${check.key}`}>
              <Table.Td data-label={heading('check')} title={check.name}>
                {t(`ledger.checks.${check.key}`, { defaultValue: check.name })}
                {check.broken.length > 0 && (
                  <>
                    <Text size="sm" mt="xs">
                      {t('ledger.brokenRows')}
                    </Text>
                    <Code block>{check.broken.map((row) => JSON.stringify(row)).join('\n')}</Code>
                  </>
                )}
              </Table.Td>
              <Table.Td data-label={heading('result')}>
                {/* As wide as its word: a squeezed column would cut it to « CONFOR… ». */}
                <Badge color={check.ok ? 'green' : 'red'} variant="filled" miw="max-content">
                  {t(check.ok ? 'ledger.ok' : 'ledger.broken')}
                </Badge>
              </Table.Td>
              <Table.Td data-label={heading('figures')}>
                <Figures figures={check.figures} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FitTable>
  );
}

function InternalAccounts({ accounts }: { accounts: LedgerReport['internalAccounts'] }) {
  const { t } = useTranslation();
  const heading = (name: string) => t(`ledger.internal.${name}`);
  return (
    <>
      <Title order={2} size="h4">
        {heading('title')}
      </Title>
      <FitTable>
        <Table striped withTableBorder data-testid="ledger-internal-accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{heading('code')}</Table.Th>
              <Table.Th scope="col">{heading('name')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {heading('balance')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.code}>
                <Table.Td data-label={heading('code')}>{account.code}</Table.Td>
                <Table.Td data-label={heading('name')}>{account.name}</Table.Td>
                <Table.Td data-label={heading('balance')} ta="right">
                  {formatXof(account.balance)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </FitTable>
    </>
  );
}

export function LedgerPage() {
  const { t } = useTranslation();
  const ledger = useQuery(ledgerQuery());
  const report = ledger.data;
  return (
    <Stack>
      <ReportHeader title={t('ledger.title')} refreshLabel={t('ledger.check')} report={ledger} />
      <Text size="sm" c="dimmed">
        {t('ledger.intro')}
      </Text>
      {ledger.isPending && <PageLoader />}
      {ledger.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {report && (
        <>
          <Group gap="xs" data-testid="ledger-status">
            <Badge color={report.balanced ? 'green' : 'red'} variant="filled" size="lg">
              {t(report.balanced ? 'ledger.balanced' : 'ledger.unbalanced')}
            </Badge>
            <Text size="sm">{t('ledger.checkedAt', { date: formatDateTime(report.checkedAt), ms: report.ms })}</Text>
          </Group>
          <Checks report={report} />
          <InternalAccounts accounts={report.internalAccounts} />
        </>
      )}
    </Stack>
  );
}

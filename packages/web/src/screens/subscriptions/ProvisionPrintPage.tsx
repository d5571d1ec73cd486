// /entity/provision-cash/{id}/print: the printable order of a cash provision (spec part 2 §2.15,
// the edit page's print link), on the shared printable sheet.
import { entityByName, formatDateTime, formatXof } from '@bank/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityQueries, type EntityRow } from '../../api/entities';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useRouteId } from '../../engine/use-entity-route';
import { PrintSheet, type PrintFact } from '../money/PrintSheet';

const PROVISION = entityByName('provisionCash');

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The order's lines: who pays, who collects, where, how much and where the request stands. */
export function provisionFacts(row: EntityRow, t: (key: string) => string): PrintFact[] {
  const label = (name: string) => t(PROVISION.field(name)?.labelKey ?? `manager.columns.${name}`);
  return [
    { label: t('subscriptions.provisionPrint.reference'), value: String(row.id) },
    { label: label('executionDate'), value: formatDateTime(row.executionDate as string | null) },
    { label: t('manager.columns.orderingParty'), value: text(row.bankAccountOwner) },
    { label: t('manager.columns.debitAccount'), value: text(row.bankAccountNumber) },
    { label: label('amount'), value: formatXof(row.amount as string | null) },
    { label: label('motifProvision'), value: text(row.motifProvision) },
    {
      label: t('manager.columns.beneficiary'),
      value: `${text(row.beneficiaryCashFirstName)} ${text(row.beneficiaryCashLastName)}`.trim(),
    },
    { label: t('manager.columns.beneficiaryIdNumber'), value: text(row.beneficiaryCashIdentificationNumero) },
    { label: t('manager.columns.withdrawalBranch'), value: text(row.branchName) },
    {
      label: label('demandStatus'),
      value: row.demandStatus ? t(`enums.provisionStatus.${text(row.demandStatus)}`) : '',
    },
    { label: t('manager.form.observation'), value: text(row.motif) },
  ];
}

export function ProvisionPrintPage() {
  const { t } = useTranslation();
  const id = useRouteId();
  const loaded = useQuery({ ...entityQueries(PROVISION).get(id ?? 0), enabled: Boolean(id) });
  if (!id) return <NotFoundPage />;
  return (
    <PrintSheet
      title={t('subscriptions.provisionPrint.title')}
      facts={loaded.data ? provisionFacts(loaded.data, t) : undefined}
      isLoading={loaded.isPending}
      isError={loaded.isError}
    />
  );
}

// Transfers and transactions for staff (spec part 2 §2.3–2.5): the transfer criteria of the manager
// list and of an account's transfers modal, and the transactions modal of an account.
import type { FastifyInstance } from 'fastify';
import { ENUMS, entityAccess } from '@bank/domain';
import type { EntityService } from '../../engine/entity-service';
import {
  dayRange,
  filterText as text,
  invalidFilter as invalid,
  requestListCriteria,
  wholeNumber as whole,
  type Filters,
} from '../../engine/filter-params';
import type { Query } from '../../engine/list-query';
import { listRoute } from '../../engine/routes';
import { rowsResponse } from '../../engine/response-schemas';

function amount(param: string, value: string): string {
  const normalised = value.replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,18}(\.\d{1,2})?$/.test(normalised)) throw invalid(param, `${param} must be an amount`);
  return normalised;
}

/** Every status of the enum, or none for the "tous" choice. */
function status(param: string, value: string, values: readonly string[]): string | undefined {
  if (value === '' || /^(tous|all)$/i.test(value)) return undefined;
  if (!values.includes(value.toUpperCase())) throw invalid(param, `Unknown status "${value}"`);
  return value.toUpperCase();
}

/** The filters both account transaction searches share: the account (required), day, amount, reference. */
function accountTransactionCriteria(query: Query & Filters): { criteria: Filters; rest: Query } {
  const { bankaccount, enddate, montant, reference, ...rest } = query;
  if (!text(bankaccount)) throw invalid('bankaccount', 'bankaccount is required');
  const criteria: Filters = { 'bankAccountId.equals': whole('bankaccount', text(bankaccount)) };
  if (text(enddate)) {
    const day = dayRange('enddate', text(enddate));
    criteria['transactionDate.greaterThanOrEqual'] = day.from;
    criteria['transactionDate.lessThan'] = day.to;
  }
  if (text(montant)) criteria['amount.equals'] = amount('montant', text(montant));
  if (text(reference)) criteria['transactionNumber.contains'] = text(reference);
  return { criteria, rest };
}

export function registerMoneyRoutes(app: FastifyInstance, services: Map<string, EntityService>): void {
  const transfers = services.get('transfer')!;
  const transactions = services.get('transaction')!;
  const readTransfers = { access: entityAccess('transfer', 'read') };
  const readTransactions = { access: entityAccess('transaction', 'read') };
  const transferRows = { response: rowsResponse(transfers.entity) };
  const transactionRows = { response: rowsResponse(transactions.entity) };
  const demandStatuses = ENUMS.demandStatus.values;

  // DESIGN.md §5: filters apply whatever is filled.
  listRoute<{ Querystring: Query & Filters }>(
    app,
    '/core/api/criterial_search/transfers',
    { config: readTransfers, schema: transferRows },
    transfers.entity,
    async (_request, { startdate, enddate, status: state, id, clientId, bankaccount, montant, ...rest }) => {
      const criteria = requestListCriteria({ startdate, enddate, id });
      const wanted = status('status', text(state), demandStatuses);
      if (wanted) criteria['demandStatus.equals'] = wanted;
      if (text(clientId)) criteria['clientId.equals'] = whole('clientId', text(clientId));
      if (text(bankaccount)) criteria['bankAccountId.equals'] = whole('bankaccount', text(bankaccount));
      if (text(montant)) criteria['amount.equals'] = amount('montant', text(montant));
      return transfers.list({ ...rest, ...criteria }, { defaultSort: 'createdAt,desc' });
    },
  );

  // The transactions modal of an account: amount, day, direction (C/D), reference.
  listRoute<{ Querystring: Query & Filters }>(
    app,
    '/core/api/transactions/_search/modal',
    { config: readTransactions, schema: transactionRows },
    transactions.entity,
    async (_request, { type, ...query }) => {
      const { criteria, rest } = accountTransactionCriteria(query);
      const direction = status('type', text(type), ENUMS.transactionDirection.values);
      if (direction) criteria['direction.equals'] = direction;
      return transactions.list({ ...rest, ...criteria }, { defaultSort: 'transactionDate,desc' });
    },
  );

  // The same for an account's transactions by processing status.
  listRoute<{ Querystring: Query & Filters }>(
    app,
    '/core/api/transactions/_search/bankaccount',
    { config: readTransactions, schema: transactionRows },
    transactions.entity,
    async (_request, { status: state, ...query }) => {
      const { criteria, rest } = accountTransactionCriteria(query);
      const wanted = status('status', text(state), demandStatuses);
      if (wanted) criteria['statusTransaction.equals'] = wanted;
      return transactions.list({ ...rest, ...criteria }, { defaultSort: 'transactionDate,desc' });
    },
  );
}

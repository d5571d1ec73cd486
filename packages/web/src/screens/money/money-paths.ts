// Where the account views live (spec part 1 §2.4, part 2 §2.3–2.5): the account modals over the
// client file, the transaction detail and the two printable pages.

/** A ref read back from the API: its id, or the id of the object it came as. */
export function refId(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'number')
    return (value as { id: number }).id;
  return null;
}

export const moneyPaths = {
  clientFile: (clientId: number) => `/entity/bank-account/view/manager/${clientId}`,
  accountTransactions: (accountId: number) =>
    `/entity/bank-account/view/manager/client/bankAccount/transaction/${accountId}`,
  accountTransfers: (accountId: number) => `/entity/transfer/view/manager/client/bankAccount/transfers/${accountId}`,
  transactionDetail: (id: number) => `/entity/transfer/view/manager/client/bankAccount/transaction/${id}`,
  transactionPrint: (id: number) => `/entity/transaction/view/manager/client/bankAccount/transaction/${id}`,
  transferPrint: (id: number) => `/entity/transfer/view/manager/client/bankAccount/detail/${id}`,
};

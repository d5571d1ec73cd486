// The account views group (one lazy chunk): an account's transactions and transfers modals over the
// client file, the transaction detail and the printable details.
export { AccountTransactionsPage, AccountTransfersPage } from './AccountModalPage';
export { TransactionDetailPage, TransactionPrintPage, TransferPrintPage } from './MoneyDetailPages';

export * from './access/roles';
export * from './access/demo-accounts';
export * from './validate/account';
export * from './format/date';
export * from './format/money';
export * from './problem';

// The administration group (lazy chunk): user management, the operations screens and the online-banking accounts.
export { AccessLogPage } from './AccessLogPage';
export { AuditsPage } from './AuditsPage';
export { ConfigurationPage } from './ConfigurationPage';
export { DocsPage } from './DocsPage';
export { GatewayPage } from './GatewayPage';
export { HealthPage } from './HealthPage';
export { LedgerPage } from './LedgerPage';
export { LogsPage } from './LogsPage';
export { MetricsPage } from './MetricsPage';
export { OnlineUsersPage } from './OnlineUsersPage';
export { UserDeleteDialog } from './UserDeleteDialog';
export { UserDetailPage } from './UserDetailPage';
export { UserFormPage } from './UserFormPage';
export { UserListPage } from './UserListPage';

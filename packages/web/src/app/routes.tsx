// The route table (spec part 1 section 2.2): shell and sign-in eager; account, admin and entity groups lazy.
import { ROUTE_ACCESS } from '@bank/domain';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../auth/LoginPage';
import { LogoutPage } from '../auth/LogoutPage';
import { PrivateRoute } from '../auth/PrivateRoute';
import { HomePage } from '../screens/home/HomePage';
import { PageLoader } from '../ui/PageLoader';
import { Layout } from './Layout';
import { lazyGroup, lazyPage } from './lazy-group';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

const accountGroup = lazyGroup(() => import('../screens/account'));
const adminGroup = lazyGroup(() => import('../screens/admin'));
// Every generic entity screen and the registry they read come in this one chunk, not with the sign-in page.
const entityGroup = lazyGroup(() => import('../engine'));
const managerGroup = lazyGroup(() => import('../screens/manager'));
const moneyGroup = lazyGroup(() => import('../screens/money'));
const subscriptionGroup = lazyGroup(() => import('../screens/subscriptions'));

/** The staff screens (spec part 1 §2.4–2.14, part 2 §2.2): static segments outrank the generic `:route/...`. */
const managerRoutes: RouteObject[] = [
  { path: 'client/manager', lazy: lazyPage(managerGroup, 'ClientListPage') },
  { path: 'bank-account/view/manager/:id', lazy: lazyPage(managerGroup, 'ClientFilePage') },
  { path: 'bank-account/view/manager/client/:id', lazy: lazyPage(managerGroup, 'ClientFilePage') },
  { path: 'serenity-user/:id/delete', lazy: lazyPage(managerGroup, 'SerenityEmailPage') },
  { path: 'serenity-user/:id/smsbanking', lazy: lazyPage(managerGroup, 'SerenityEmailPage') },
  { path: 'serenity-user/view/manager/:id/delete', lazy: lazyPage(managerGroup, 'SerenityEmailPage') },
  // The pages resolve :route in the request-type table; an unknown one shows the not-found page.
  { path: ':route/view/manager', lazy: lazyPage(managerGroup, 'RequestListPage') },
  { path: ':route/view/manager/:id/edit', lazy: lazyPage(managerGroup, 'RequestDecisionPage') },
  { path: ':route/story/:id/modal', lazy: lazyPage(managerGroup, 'RequestHistoryPage') },
  { path: ':route/view/:id/modal', lazy: lazyPage(managerGroup, 'RequestHistoryPage') },
  { path: ':route/story/:id', lazy: lazyPage(managerGroup, 'RequestStoryPage') },
  // An account's modals over the client file, the transaction detail and the printable details (part 2 §2.3–2.5).
  {
    path: 'bank-account/view/manager/client/bankAccount/transaction/:id',
    lazy: lazyPage(moneyGroup, 'AccountTransactionsPage'),
  },
  {
    path: 'transfer/view/manager/client/bankAccount/transfers/:id',
    lazy: lazyPage(moneyGroup, 'AccountTransfersPage'),
  },
  {
    path: 'transfer/view/manager/client/bankAccount/transaction/:id',
    lazy: lazyPage(moneyGroup, 'TransactionDetailPage'),
  },
  { path: 'transfer/view/manager/client/bankAccount/detail/:id', lazy: lazyPage(moneyGroup, 'TransferPrintPage') },
  {
    path: 'transaction/view/manager/client/bankAccount/transaction/:id',
    lazy: lazyPage(moneyGroup, 'TransactionPrintPage'),
  },
];

const deleteDialog: RouteObject[] = [{ path: ':id/delete', lazy: lazyPage(subscriptionGroup, 'DeleteDialogPage') }];

/** Subscriptions, packs and services (spec part 2 §2.6, §2.7, §2.9) and the cash lists (§2.14, §2.15). */
const subscriptionRoutes: RouteObject[] = [
  {
    path: 'client-subscription',
    lazy: lazyPage(subscriptionGroup, 'ClientSubscriptionListPage'),
    children: deleteDialog,
  },
  { path: 'client-subscription/:id/edit', lazy: lazyPage(subscriptionGroup, 'ClientSubscriptionEditPage') },
  { path: 'subs-request', lazy: lazyPage(subscriptionGroup, 'SubsRequestListPage'), children: deleteDialog },
  { path: 'view/subs-request', lazy: lazyPage(subscriptionGroup, 'SubsRequestListPage'), children: deleteDialog },
  { path: 'subs-request/new', lazy: lazyPage(subscriptionGroup, 'SubsRequestFormPage') },
  { path: 'subs-request/:id', lazy: lazyPage(subscriptionGroup, 'SubsRequestFormPage') },
  { path: 'subs-request/:id/edit', lazy: lazyPage(subscriptionGroup, 'SubsRequestFormPage') },
  { path: 'pack/view/manager', lazy: lazyPage(subscriptionGroup, 'PackManagerListPage'), children: deleteDialog },
  { path: 'pack/manager/new', lazy: lazyPage(subscriptionGroup, 'PackManagerFormPage') },
  { path: 'pack/view/manager/:id/edit', lazy: lazyPage(subscriptionGroup, 'PackManagerFormPage') },
  {
    path: 'serenity-services/manager',
    lazy: lazyPage(subscriptionGroup, 'ServicesManagerListPage'),
    children: deleteDialog,
  },
  { path: 'serenity-services/manager/new', lazy: lazyPage(subscriptionGroup, 'ServicesManagerFormPage') },
  // The spec's doubled address of the new-service form, kept as an alias (DESIGN.md §5).
  {
    path: 'serenity-services/entity/serenity-services/manager/new',
    lazy: lazyPage(subscriptionGroup, 'ServicesManagerFormPage'),
  },
  { path: 'serenity-services/manager/:id/edit', lazy: lazyPage(subscriptionGroup, 'ServicesManagerFormPage') },
  // The cash lists are the staff lists of the request-type table; /entity/CA is the cash agents' door to them.
  { path: 'beneficiary-cash', element: <Navigate to="view/manager" replace /> },
  { path: 'provision-cash', element: <Navigate to="view/manager" replace /> },
  { path: 'provision-cash/:id/print', lazy: lazyPage(subscriptionGroup, 'ProvisionPrintPage') },
  {
    path: 'CA',
    element: <PrivateRoute authorities={ROUTE_ACCESS.entityCA} />,
    children: [{ path: 'view/:route', lazy: lazyPage(managerGroup, 'RequestListPage') }],
  },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        // Inside the shell, so a failing page keeps the header and its menus.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'logout', element: <LogoutPage /> },
          // Signed-out self-service pages, in the account chunk: the sign-in page does not carry them.
          { path: 'register', lazy: lazyPage(accountGroup, 'RegisterPage') },
          { path: 'activate/:key?', lazy: lazyPage(accountGroup, 'ActivatePage') },
          { path: 'reset/request', lazy: lazyPage(accountGroup, 'ResetRequestPage') },
          { path: 'reset/finish/:key?', lazy: lazyPage(accountGroup, 'ResetFinishPage') },
          {
            path: 'account',
            element: <PrivateRoute authorities={ROUTE_ACCESS.account} />,
            children: [
              { index: true, element: <Navigate to="settings" replace /> },
              { path: 'settings', lazy: lazyPage(accountGroup, 'SettingsPage') },
              { path: 'password', lazy: lazyPage(accountGroup, 'PasswordPage') },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'admin',
            element: <PrivateRoute authorities={ROUTE_ACCESS.admin} />,
            children: [
              {
                // management/* answers ADMIN only: a manager sees the alert instead of a 403 that signs out.
                path: 'health',
                element: <PrivateRoute authorities={ROUTE_ACCESS.management} />,
                children: [{ index: true, lazy: lazyPage(adminGroup, 'HealthPage') }],
              },
              {
                path: 'user-management',
                element: <PrivateRoute authorities={ROUTE_ACCESS.management} />,
                children: [
                  {
                    path: '',
                    lazy: lazyPage(adminGroup, 'UserListPage'),
                    children: [{ path: ':login/delete', lazy: lazyPage(adminGroup, 'UserDeleteDialog') }],
                  },
                  { path: 'new', lazy: lazyPage(adminGroup, 'UserFormPage') },
                  { path: ':login', lazy: lazyPage(adminGroup, 'UserDetailPage') },
                  { path: ':login/edit', lazy: lazyPage(adminGroup, 'UserFormPage') },
                ],
              },
              {
                element: <PrivateRoute authorities={ROUTE_ACCESS.management} />,
                children: [
                  { path: 'metrics', lazy: lazyPage(adminGroup, 'MetricsPage') },
                  { path: 'configuration', lazy: lazyPage(adminGroup, 'ConfigurationPage') },
                  { path: 'audits', lazy: lazyPage(adminGroup, 'AuditsPage') },
                  { path: 'access-log', lazy: lazyPage(adminGroup, 'AccessLogPage') },
                  { path: 'logs', lazy: lazyPage(adminGroup, 'LogsPage') },
                  { path: 'gateway', lazy: lazyPage(adminGroup, 'GatewayPage') },
                  { path: 'docs', lazy: lazyPage(adminGroup, 'DocsPage') },
                ],
              },
              // core/api/serenity-users is open to staff: managers may see the online-banking accounts too.
              { path: 'list/users', lazy: lazyPage(adminGroup, 'OnlineUsersPage') },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'entity',
            element: <PrivateRoute authorities={ROUTE_ACCESS.entity} />,
            children: [
              { index: true, lazy: lazyPage(entityGroup, 'EntitiesPage') },
              ...managerRoutes,
              ...subscriptionRoutes,
              // The screens resolve :route with entityByRoute(); an unknown one shows the not-found page.
              {
                path: ':route',
                lazy: lazyPage(entityGroup, 'EntityListPage'),
                children: [{ path: ':id/delete', lazy: lazyPage(entityGroup, 'EntityDeleteDialog') }],
              },
              { path: ':route/new', lazy: lazyPage(entityGroup, 'EntityFormPage') },
              { path: ':route/:id', lazy: lazyPage(entityGroup, 'EntityDetailPage') },
              { path: ':route/:id/edit', lazy: lazyPage(entityGroup, 'EntityFormPage') },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

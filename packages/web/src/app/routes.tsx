// The route table (spec part 1 section 2.2): shell and sign-in eager, without Mantine; every other page lazy,
// with it (lazy-group.ts): the account and admin groups, the staff screens page by page.
import { ROUTE_ACCESS } from '@bank/domain';
import { type Location, Navigate, type RouteObject, ScrollRestoration } from 'react-router';
import { PrivateRoute } from '../auth/PrivateRoute';
import { PageLoader } from '../ui/PageLoader';
import { Layout } from './Layout';
import { lazyGroup, lazyPage } from './lazy-group';
import { RouteError } from './RouteError';
import { RouterNavigation } from './RouterNavigation';

const home = lazyGroup(() => import('../screens/home/HomePage'));
// The sign-in page: opened signed out, the app is not there yet (sign-in-start.tsx); here after a sign-out.
const login = lazyGroup(() => import('../auth/LoginPage'));
const logout = lazyGroup(() => import('../auth/LogoutPage'));
const oidcCallback = lazyGroup(() => import('../auth/OidcCallbackPage'));
const notFound = lazyGroup(() => import('./NotFoundPage'));
const notFoundRoute: RouteObject = { path: '*', lazy: lazyPage(notFound, 'NotFoundPage') };
const accountGroup = lazyGroup(() => import('../screens/account'));
const adminGroup = lazyGroup(() => import('../screens/admin'));
// The generic entity screens, page by page: a list does not bring the form's inputs (dates, selects).
const entity = {
  entities: lazyGroup(() => import('../engine/EntitiesPage')),
  list: lazyGroup(() => import('../engine/EntityListPage')),
  delete: lazyGroup(() => import('../engine/EntityDeleteDialog')),
  detail: lazyGroup(() => import('../engine/EntityDetailPage')),
  form: lazyGroup(() => import('../engine/EntityFormPage')),
};
// The staff screens load page by page: a list does not bring the decision form, the client file or their modals.
const manager = {
  clientFile: lazyGroup(() => import('../screens/manager/ClientFilePage')),
  clientList: lazyGroup(() => import('../screens/manager/ClientListPage')),
  create: lazyGroup(() => import('../screens/manager/RequestCreatePage')),
  decision: lazyGroup(() => import('../screens/manager/RequestDecisionPage')),
  list: lazyGroup(() => import('../screens/manager/RequestListPage')),
  history: lazyGroup(() => import('../screens/manager/RequestHistoryPage')),
  story: lazyGroup(() => import('../screens/manager/RequestStoryPage')),
  serenityEmail: lazyGroup(() => import('../screens/manager/SerenityEmailPage')),
};
const inbox = lazyGroup(() => import('../screens/work/InboxPage'));
const requestLink = lazyGroup(() => import('../screens/work/RequestLinkPage'));
const moneyGroup = lazyGroup(() => import('../screens/money'));
const subscriptionGroup = lazyGroup(() => import('../screens/subscriptions'));

/**
 * A staff list: its rows start loading with the page's code, not after it. A new object per route:
 * the router consumes an object-form `lazy` as it resolves it, so two routes cannot share one.
 */
const requestList = (): RouteObject['lazy'] => ({
  loader: async () => (await import('../screens/manager/request-list-query')).requestListLoader,
  Component: async () => (await manager.list()).RequestListPage,
});

/** The staff screens (spec part 1 §2.4–2.14, part 2 §2.2): static segments outrank the generic `:route/...`. */
const managerRoutes: RouteObject[] = [
  { path: 'client/manager', lazy: lazyPage(manager.clientList, 'ClientListPage') },
  { path: 'bank-account/view/manager/:id', lazy: lazyPage(manager.clientFile, 'ClientFilePage') },
  { path: 'bank-account/view/manager/client/:id', lazy: lazyPage(manager.clientFile, 'ClientFilePage') },
  { path: 'serenity-user/:id/delete', lazy: lazyPage(manager.serenityEmail, 'SerenityEmailPage') },
  { path: 'serenity-user/:id/smsbanking', lazy: lazyPage(manager.serenityEmail, 'SerenityEmailPage') },
  { path: 'serenity-user/view/manager/:id/delete', lazy: lazyPage(manager.serenityEmail, 'SerenityEmailPage') },
  // The pages resolve :route in the request-type table; an unknown one shows the not-found page.
  { path: ':route/view/manager', lazy: requestList() },
  { path: ':route/view/manager/new', lazy: lazyPage(manager.create, 'RequestCreatePage') },
  { path: ':route/view/manager/:id/edit', lazy: lazyPage(manager.decision, 'RequestDecisionPage') },
  { path: ':route/story/:id/modal', lazy: lazyPage(manager.history, 'RequestHistoryPage') },
  { path: ':route/view/:id/modal', lazy: lazyPage(manager.history, 'RequestHistoryPage') },
  { path: ':route/story/:id', lazy: lazyPage(manager.story, 'RequestStoryPage') },
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
  { path: 'client-subscription/:id', lazy: lazyPage(subscriptionGroup, 'ClientSubscriptionDetailPage') },
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
  // Their detail page's Edit is the staff decision form (spec part 2 §2.14, §2.15).
  { path: 'beneficiary-cash/:id/edit', lazy: lazyPage(manager.decision, 'RequestDecisionPage') },
  { path: 'provision-cash/:id/edit', lazy: lazyPage(manager.decision, 'RequestDecisionPage') },
  { path: 'provision-cash/:id/print', lazy: lazyPage(subscriptionGroup, 'ProvisionPrintPage') },
  {
    path: 'CA',
    element: <PrivateRoute authorities={ROUTE_ACCESS.entityCA} />,
    children: [{ path: 'view/:route', lazy: requestList() }],
  },
];

/**
 * Where a page is scrolled is kept per history entry, and for a staff list per address: back from a
 * request's form (Retour, a decision, the browser's back button) the list shows the rows the user left.
 */
const scrollKey = (location: Location) =>
  /\/view\/[\w-]+$/.test(location.pathname) ? location.pathname + location.search : location.key;

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <ScrollRestoration getKey={scrollKey} />
        <RouterNavigation>
          <Layout />
        </RouterNavigation>
      </>
    ),
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        // Inside the shell, so a failing page keeps the header and its menus.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage(home, 'HomePage') },
          { path: 'login', lazy: async () => ({ Component: (await login()).LoginPage }) },
          // The end of a sign-in through the bank's directory, drawn without Mantine like the sign-in page.
          { path: 'login/oidc', lazy: async () => ({ Component: (await oidcCallback()).OidcCallbackPage }) },
          { path: 'logout', lazy: lazyPage(logout, 'LogoutPage') },
          // Signed-out self-service pages, in the account chunk: the sign-in page does not carry them.
          { path: 'register', lazy: lazyPage(accountGroup, 'RegisterPage') },
          { path: 'activate/:key?', lazy: lazyPage(accountGroup, 'ActivatePage') },
          { path: 'reset/request', lazy: lazyPage(accountGroup, 'ResetRequestPage') },
          { path: 'reset/finish/:key?', lazy: lazyPage(accountGroup, 'ResetFinishPage') },
          {
            path: 'account',
            children: [
              {
                element: <PrivateRoute authorities={ROUTE_ACCESS.account} />,
                children: [
                  { index: true, element: <Navigate to="settings" replace /> },
                  { path: 'settings', lazy: lazyPage(accountGroup, 'SettingsPage') },
                ],
              },
              // Every signed-in user answers for their own credentials (PCI DSS 8.3): a departure from
              // spec part 1 §2.2, which keeps /account to ADMIN and MANAGER (settings still are).
              {
                element: <PrivateRoute authorities={ROUTE_ACCESS.signedIn} />,
                children: [
                  { path: 'password', lazy: lazyPage(accountGroup, 'PasswordPage') },
                  { path: 'security', lazy: lazyPage(accountGroup, 'SecurityPage') },
                  notFoundRoute,
                ],
              },
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
                  { path: 'ledger', lazy: lazyPage(adminGroup, 'LedgerPage') },
                  { path: 'logs', lazy: lazyPage(adminGroup, 'LogsPage') },
                  { path: 'gateway', lazy: lazyPage(adminGroup, 'GatewayPage') },
                  { path: 'docs', lazy: lazyPage(adminGroup, 'DocsPage') },
                ],
              },
              // core/api/serenity-users is open to staff: managers may see the online-banking accounts too.
              { path: 'list/users', lazy: lazyPage(adminGroup, 'OnlineUsersPage') },
              notFoundRoute,
            ],
          },
          {
            path: 'work',
            element: <PrivateRoute authorities={ROUTE_ACCESS.entity} />,
            children: [
              { path: 'inbox', lazy: lazyPage(inbox, 'InboxPage') },
              // A request by type and number (the notifications bell): sends on to its screen.
              { path: 'request/:entity/:id', lazy: lazyPage(requestLink, 'RequestLinkPage') },
              notFoundRoute,
            ],
          },
          {
            path: 'entity',
            element: <PrivateRoute authorities={ROUTE_ACCESS.entity} />,
            children: [
              { index: true, lazy: lazyPage(entity.entities, 'EntitiesPage') },
              // Before the screens' own `name/:id` routes, which rank the same for `name/new` and would take it.
              { path: ':route/new', lazy: lazyPage(entity.form, 'EntityFormPage') },
              ...managerRoutes,
              ...subscriptionRoutes,
              // The screens resolve :route with entityByRoute(); an unknown one shows the not-found page.
              {
                path: ':route',
                lazy: lazyPage(entity.list, 'EntityListPage'),
                children: [{ path: ':id/delete', lazy: lazyPage(entity.delete, 'EntityDeleteDialog') }],
              },
              { path: ':route/:id', lazy: lazyPage(entity.detail, 'EntityDetailPage') },
              { path: ':route/:id/edit', lazy: lazyPage(entity.form, 'EntityFormPage') },
              notFoundRoute,
            ],
          },
          notFoundRoute,
        ],
      },
    ],
  },
];

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

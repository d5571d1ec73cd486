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
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'entity',
            element: <PrivateRoute authorities={ROUTE_ACCESS.entity} />,
            children: [
              { index: true, lazy: lazyPage(entityGroup, 'EntitiesPage') },
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

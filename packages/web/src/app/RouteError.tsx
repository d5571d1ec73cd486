// The router's error element: a page that fails to load or render shows the error notice in the shell.
import { Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoader } from '../ui/PageLoader';
import { lazyThemed } from './lazy-group';

// With Mantine, loaded when shown.
const ErrorNotice = lazyThemed(() => import('../ui/ErrorNotice').then((module) => module.ErrorNotice));
const NotFoundPage = lazyThemed(() => import('./NotFoundPage').then((module) => module.NotFoundPage));

export function RouteError() {
  const error = useRouteError();
  return (
    <Suspense fallback={<PageLoader />}>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ErrorNotice error={error} />}
    </Suspense>
  );
}

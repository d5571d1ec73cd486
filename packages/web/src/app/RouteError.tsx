// The router's error element: a page that fails to load or render shows the error notice in the shell.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorNotice } from '../ui/ErrorNotice';
import { NotFoundPage } from './NotFoundPage';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorNotice error={error} />;
}

// /work/request/:entity/:id: a request by its type and number, as a notification names it, sent on to the
// screen that shows it (its decision form, read-only for those who do not decide it).
import { workflowOf } from '@bank/domain';
import { Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { workScreens } from '../home/work-links';

export function RequestLinkPage() {
  const { entity = '', id = '' } = useParams();
  if (!workflowOf(entity) || !/^[1-9]\d{0,15}$/.test(id)) return <NotFoundPage />;
  return <Navigate to={workScreens(entity).form(Number(id))} replace />;
}

// /entity/<log>/story/{id}/modal: a request's history modal routed over its staff list, apart from the
// list so that the list alone does not load the modal.
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useRouteId } from '../../engine/use-entity-route';
import { HistoryModal } from '../../workflow/HistoryModal';
import { managerPaths, requestTypeByLogRoute } from './request-types';
import { RequestList } from './RequestListPage';

/** The history modal over its request list; closing goes back to the list on the same page. */
export function RequestHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const type = requestTypeByLogRoute(useParams().route);
  const id = useRouteId();
  if (!type || !id) return <NotFoundPage />;
  return (
    <>
      <RequestList key={type.route} type={type} />
      <HistoryModal
        title={t(`manager.${type.key}.historyTitle`)}
        source={type.history}
        requestId={id}
        onClose={() => void navigate(`${managerPaths(type).list}${search}`)}
      />
    </>
  );
}

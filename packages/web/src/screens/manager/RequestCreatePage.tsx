// /entity/<request>/view/manager/new: a request staff file from its own list (corrections): the generic
// form of the entity, which goes back to that list once saved or cancelled.
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { EntityForm } from '../../engine/EntityFormPage';
import { entityPaths, EntityPathsContext } from '../../engine/use-entity-route';
import { managerPaths, requestTypeByRoute } from './request-types';

export function RequestCreatePage() {
  const type = requestTypeByRoute(useParams().route);
  if (!type?.create) return <NotFoundPage />;
  const { list, create } = managerPaths(type);
  const paths = { ...entityPaths(type.entity), list, create };
  return (
    <EntityPathsContext value={() => paths}>
      <EntityForm entity={type.entity} id={null} />
    </EntityPathsContext>
  );
}

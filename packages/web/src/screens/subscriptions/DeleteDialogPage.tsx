// /entity/<route>/{id}/delete over a subscription or catalogue list whose address names the entity
// statically: the engine's confirmation, with the entity read from the address.
import { entityByRoute } from '@bank/domain';
import { useLocation } from 'react-router';
import { DeleteDialog } from '../../engine/EntityDeleteDialog';
import { useRouteId } from '../../engine/use-entity-route';

export function DeleteDialogPage() {
  const entity = entityByRoute(useLocation().pathname.split('/')[2] ?? '');
  const id = useRouteId();
  return entity && id ? <DeleteDialog key={`${entity.name}:${id}`} entity={entity} id={id} /> : null;
}

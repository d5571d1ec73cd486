// The entity and row an address names: /entity/{route}/{id}. Unknown routes and ids that are not
// positive whole numbers are the not-found page's business.
import { entityByRoute, type Entity } from '@bank/domain';
import { createContext, useContext } from 'react';
import { useParams } from 'react-router';

export const useRouteEntity = (): Entity | undefined => entityByRoute(useParams().route ?? '');

/** The id of the address: a number, null when the address has none (/new), undefined when it is not an id. */
export function useRouteId(): number | null | undefined {
  const { id } = useParams();
  if (id === undefined) return null;
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : undefined;
}

/** Where each generic screen of an entity lives. */
export function entityPaths(entity: Entity) {
  const list = `/entity/${entity.route}`;
  return {
    list,
    create: `${list}/new`,
    view: (id: number) => `${list}/${id}`,
    edit: (id: number) => `${list}/${id}/edit`,
    remove: (id: number) => `${list}/${id}/delete`,
  };
}

export type EntityPaths = ReturnType<typeof entityPaths>;

/** Screens that reuse the generic list and form at other addresses (the pack and service manager screens). */
export const EntityPathsContext = createContext<((entity: Entity) => EntityPaths) | null>(null);

/** Where the generic screens of an entity live here: the context's addresses, else the generic ones. */
export function useEntityPaths(entity: Entity): EntityPaths {
  const override = useContext(EntityPathsContext);
  return override ? override(entity) : entityPaths(entity);
}

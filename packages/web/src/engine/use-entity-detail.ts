// useEntityDetail: the headless controller of every detail page — the row, the fields to show in
// their declared order, and whether the user may edit it.
import type { Entity, Field } from '@bank/domain';
import { useQuery } from '@tanstack/react-query';
import { entityQueries, type EntityRow } from '../api/entities';
import { useEntityAccess, type EntityAccess } from './use-entity-access';

export interface EntityDetail {
  entity: Entity;
  id: number;
  access: EntityAccess;
  row: EntityRow | undefined;
  fields: readonly Field[];
  isLoading: boolean;
  isError: boolean;
}

/** @example const detail = useEntityDetail(branch, 12) */
export function useEntityDetail(entity: Entity, id: number): EntityDetail {
  const access = useEntityAccess(entity);
  const query = useQuery({ ...entityQueries(entity).get(id), enabled: access.read });
  return {
    entity,
    id,
    access,
    row: query.data,
    fields: entity.fields,
    isLoading: access.read && query.isPending,
    isError: query.isError,
  };
}

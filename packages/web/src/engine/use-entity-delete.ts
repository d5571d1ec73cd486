// useEntityDelete: the delete confirmation's controller — DELETE, then back to the list behind the
// dialog (which reloads), after either choice.
import type { Entity } from '@bank/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { entityMutations } from '../api/entities';
import { useEntityAccess } from './use-entity-access';
import { useEntityPaths } from './use-entity-route';

export interface EntityDelete {
  allowed: boolean;
  isDeleting: boolean;
  confirm(): Promise<void>;
  cancel(): void;
}

/** @example const { confirm, cancel } = useEntityDelete(branch, 12) */
export function useEntityDelete(entity: Entity, id: number): EntityDelete {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The list behind keeps its page, sort and search.
  const { search } = useLocation();
  const remove = useMutation(entityMutations(entity, queryClient).remove);
  const list = useEntityPaths(entity).list;
  const back = () => void navigate({ pathname: list, search }, { replace: true });
  return {
    allowed: useEntityAccess(entity).delete,
    isDeleting: remove.isPending,
    confirm: async () => {
      try {
        await remove.mutateAsync(id);
      } catch {
        // The toast told why (still referenced, gone already); the dialog closes all the same.
      }
      back();
    },
    cancel: back,
  };
}

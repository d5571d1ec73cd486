// The four-eyes rule's state of one request (`GET <request path>/{id}/approvals`): whether its amount
// needs two validations, and the validations given so far.
import type { Entity } from '@bank/domain';
import { queryOptions } from '@tanstack/react-query';
import { requestData } from './http-client';
import { MANAGER_KEY } from './pending';

export interface Approvals {
  required: boolean;
  approvals: Array<{ login: string; approvedAt: string }>;
}

export const approvalsQuery = (entity: Entity, id: number) =>
  queryOptions({
    queryKey: [...MANAGER_KEY, entity.name, id, 'approvals'],
    queryFn: ({ signal }) => requestData<Approvals>(`${entity.path}/${id}/approvals`, { signal }),
  });

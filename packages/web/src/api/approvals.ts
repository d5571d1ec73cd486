// The four-eyes rule's state of one request (`GET <request path>/{id}/approvals`): whether its amount
// needs two validations, and the validations given so far; and the open ones of a list page's rows.
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

export type Approval = Approvals['approvals'][number];

/** The open validations of some requests (`GET <request path>/open-approvals?ids=`), by request id. */
export const openApprovalsQuery = (entity: Entity, ids: readonly number[]) =>
  queryOptions({
    queryKey: [...MANAGER_KEY, entity.name, 'open-approvals', ids],
    queryFn: ({ signal }) =>
      requestData<Record<string, Approval[]>>(`${entity.path}/open-approvals`, {
        signal,
        query: { ids: ids.join(',') },
      }),
    enabled: ids.length > 0,
  });

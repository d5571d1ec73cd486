// Where the home page's queues and inbox lead: a request type's staff list (which opens on the statuses
// awaiting the role's decision) and its decision form. Subscription requests have screens of their own
// (spec part 2 §2.9); every other type has the request screens of request-types.ts.
import { REQUEST_TYPES } from '../manager/request-types';

interface WorkScreens {
  list: string;
  form: (id: number) => string;
}

const OWN_SCREENS: Record<string, Pick<WorkScreens, 'list' | 'form'>> = {
  subsRequest: { list: '/entity/view/subs-request', form: (id) => `/entity/subs-request/${id}/edit` },
};

/** @example workScreens('cardOrder').form(12) // '/entity/card-order/view/manager/12/edit' */
export function workScreens(entityName: string): WorkScreens {
  const type = REQUEST_TYPES.find((candidate) => candidate.entity.name === entityName);
  if (!type) return OWN_SCREENS[entityName]!;
  const list = `/entity/${type.route}/view/manager`;
  return { list, form: (id) => `${list}/${id}/edit` };
}

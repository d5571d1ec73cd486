import { describe, expect, it } from 'vitest';
import { ROLES, STAFF_AUTHORITIES } from '../access/roles';
import { entityByName } from '../entities';
import { resolveJoinPath } from '../define';
import { requesterPath, workQueuesOf } from './work';
import { WORKFLOWS, queueStatuses } from './workflows';

describe('work queues', () => {
  it('gives each role the request types it decides, over their queue statuses', () => {
    expect(workQueuesOf([ROLES.MANAGER]).map((q) => q.workflow.entity)).toEqual(
      WORKFLOWS.filter((w) => w.roles.includes(ROLES.MANAGER)).map((w) => w.entity),
    );
    expect(workQueuesOf([ROLES.AGENTCA]).map((q) => q.workflow.entity)).toEqual(['beneficiaryCash', 'provisionCash']);
    expect(workQueuesOf([ROLES.STAGIAIRE]).map((q) => q.workflow.entity)).toEqual(['transfer']);
    for (const queue of workQueuesOf(STAFF_AUTHORITIES)) expect(queue.statuses).toEqual(queueStatuses(queue.workflow));
  });

  it('gives nothing to a role that decides nothing', () => {
    for (const role of [ROLES.AGENTDESAISIE, ROLES.GESTIONRECLAMATIONSCLIENTS, ROLES.USER])
      expect(workQueuesOf([role])).toEqual([]);
  });

  it('names whom every request type is for, through a readable field', () => {
    for (const workflow of WORKFLOWS) {
      const path = requesterPath(workflow);
      expect(path, workflow.entity).toBeDefined();
      expect(resolveJoinPath(entityByName(workflow.entity), path!, entityByName).field.kind).toBe('text');
    }
  });
});

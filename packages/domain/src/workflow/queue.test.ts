// The work queues: each workflow's queue is open statuses only, the cash requests leave out those
// waiting for the customer's code, and the side menu's counts are those queues.
import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities';
import { ENUMS } from '../enums';
import { PENDING_COUNTS } from './pending';
import { WORKFLOWS, queueStatuses, workflowOf } from './workflows';

describe('work queues', () => {
  it.each(WORKFLOWS.map((w) => [w.entity, w] as const))('%s queues open statuses of its enum', (_, workflow) => {
    const statuses = ENUMS[entityByName(workflow.entity).field(workflow.status)!.enum!].values as readonly string[];
    const queue = queueStatuses(workflow);
    expect(queue.length).toBeGreaterThan(0);
    for (const status of queue) {
      expect(statuses).toContain(status);
      expect(workflow.openStatuses).toContain(status);
    }
  });

  it('leaves out the cash requests waiting for the customer’s code', () => {
    expect(queueStatuses(workflowOf('provisionCash')!)).toEqual(['INPROGRESS', 'PENDING']);
    expect(queueStatuses(workflowOf('beneficiaryCash')!)).toEqual(['PENDING', 'INPROGESS']);
    expect(queueStatuses(workflowOf('cardOrder')!)).toEqual(['INPROGRESS', 'PENDING']);
  });

  it('counts each menu badge over its workflow’s queue', () => {
    for (const source of Object.values(PENDING_COUNTS)) {
      const workflow = workflowOf(source.entity)!;
      expect(source.field).toBe(workflow.status);
      expect(source.statuses).toEqual(queueStatuses(workflow));
    }
    expect(PENDING_COUNTS.checkbooks.statuses).toEqual(['IN_PROGRESS', 'PENDING']);
  });
});

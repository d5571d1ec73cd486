import { describe, expect, it } from 'vitest';
import { isDecided } from './notifications';
import { WORKFLOWS, workflowOf } from './workflows';

describe('which decisions notify', () => {
  it.each(WORKFLOWS.map((w) => [w.entity, w] as const))('%s: every final status, no open one', (_, workflow) => {
    for (const status of workflow.finalStatuses) expect(isDecided(workflow, status), status).toBe(true);
    for (const status of workflow.openStatuses) expect(isDecided(workflow, status), status).toBe(false);
  });

  it('a cash beneficiary validated, which may still be removed, is decided', () => {
    expect(isDecided(workflowOf('beneficiaryCash')!, 'VALIDATED')).toBe(true);
  });
});

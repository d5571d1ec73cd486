import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities';
import { requestClientPath } from './request-client';
import { WORKFLOWS } from './workflows';

describe('requestClientPath', () => {
  it.each(WORKFLOWS.map((w) => [w.entity]))('leads from %s to its client through refs', (name) => {
    const { steps, clientRef } = requestClientPath(name);
    expect(clientRef.kind).toBe('ref');
    expect(clientRef.ref).toBe('client');
    // Each step leaves from the entity the previous one reached.
    let current = entityByName(name);
    for (const step of steps) {
      expect(current.fields).toContain(step.ref);
      current = step.target;
    }
    expect(current.fields).toContain(clientRef);
  });

  it('refuses an entity without a path to its client', () => {
    expect(() => requestClientPath('branch')).toThrow(/no path/);
  });
});

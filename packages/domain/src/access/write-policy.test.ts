import { describe, expect, it } from 'vitest';
import { normalizeEntity } from '../define';
import { ROLES, STAFF_AUTHORITIES, SUPERVISORS } from './roles';
import { fieldWrite } from './write-policy';

const account = normalizeEntity({
  name: 'probeAccount',
  route: 'probe-account',
  resource: 'probe-accounts',
  fields: {
    label: { kind: 'text' },
    balance: { kind: 'money', readOnly: true, default: 0 },
    overdraft: { kind: 'money', writers: SUPERVISORS },
    iban: { kind: 'rib', fixed: true },
    frozen: { kind: 'money', readOnly: true, writers: SUPERVISORS },
  },
});
const write = (name: string, action: 'create' | 'update', authorities?: readonly string[]) =>
  fieldWrite(account, account.field(name)!, action, authorities);

describe('fieldWrite with the caller’s authorities', () => {
  it('gives a field kept by some roles to them, and makes it forbidden for every other role', () => {
    for (const role of STAFF_AUTHORITIES) {
      const want = SUPERVISORS.includes(role) ? 'open' : 'forbidden';
      for (const action of ['create', 'update'] as const) expect(write('overdraft', action, [role]), role).toBe(want);
    }
    expect(write('overdraft', 'update', [ROLES.STAGIAIRE, ROLES.MANAGER])).toBe('open');
    expect(write('overdraft', 'update', [])).toBe('forbidden');
  });

  it('leaves the role rule out without authorities (the policy page lists it apart)', () => {
    expect(write('overdraft', 'create')).toBe('open');
    expect(write('overdraft', 'update')).toBe('open');
  });

  it('takes a fixed field on create only, for every role', () => {
    for (const role of STAFF_AUTHORITIES) {
      expect(write('iban', 'create', [role])).toBe('open');
      expect(write('iban', 'update', [role])).toBe('server');
    }
  });

  it('keeps a read-only field the server’s, whoever asks, even one that names writers', () => {
    for (const authorities of [undefined, [ROLES.ADMIN], [ROLES.STAGIAIRE]]) {
      for (const action of ['create', 'update'] as const) {
        expect(write('balance', action, authorities)).toBe('server');
        expect(write('frozen', action, authorities)).toBe('server');
      }
    }
    expect(write('label', 'update', [ROLES.STAGIAIRE])).toBe('open');
  });
});

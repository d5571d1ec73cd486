import { describe, expect, it } from 'vitest';
import { ALL_AUTHORITIES, ROLES, ROUTE_ACCESS, STAFF_AUTHORITIES, hasAnyAuthority, isAuthority } from './roles';
import { DEMO_ACCOUNTS } from './demo-accounts';

describe('roles', () => {
  it('knows the nine server roles of the spec', () => {
    expect([...ALL_AUTHORITIES].sort()).toEqual([
      'ROLE_ADMIN',
      'ROLE_AGENT_CA',
      'ROLE_AGENT_DE_SAISIE',
      'ROLE_AGENT_RSIC',
      'ROLE_GESTION_RECLAMATIONS_CLIENTS',
      'ROLE_MANAGER',
      'ROLE_RESPONSABLE_DESK',
      'ROLE_STAGIAIRE',
      'ROLE_USER',
    ]);
    expect(isAuthority('ROLE_MANAGER')).toBe(true);
    expect(isAuthority('ROLE_ROOT')).toBe(false);
  });

  it('opens /entity to the eight staff roles and not to a plain user', () => {
    expect(STAFF_AUTHORITIES).toHaveLength(8);
    expect(hasAnyAuthority([ROLES.USER], ROUTE_ACCESS.entity)).toBe(false);
    expect(hasAnyAuthority([ROLES.STAGIAIRE], ROUTE_ACCESS.entity)).toBe(true);
  });

  it('opens /admin and /account to ADMIN and MANAGER, the admin menu to ADMIN only', () => {
    expect(hasAnyAuthority([ROLES.MANAGER], ROUTE_ACCESS.admin)).toBe(true);
    expect(hasAnyAuthority([ROLES.MANAGER], ROUTE_ACCESS.account)).toBe(true);
    expect(hasAnyAuthority([ROLES.MANAGER], ROUTE_ACCESS.adminMenu)).toBe(false);
    expect(hasAnyAuthority([ROLES.RESPONSABLEDESK], ROUTE_ACCESS.admin)).toBe(false);
  });

  it('opens /entity/CA to AGENTCA and AGENTRSIC only', () => {
    expect(hasAnyAuthority([ROLES.AGENTCA], ROUTE_ACCESS.entityCA)).toBe(true);
    expect(hasAnyAuthority([ROLES.AGENTRSIC], ROUTE_ACCESS.entityCA)).toBe(true);
    expect(hasAnyAuthority([ROLES.MANAGER, ROLES.ADMIN], ROUTE_ACCESS.entityCA)).toBe(false);
  });

  it('lets any signed-in user through an empty list, nobody without authorities through a list', () => {
    expect(hasAnyAuthority([], [])).toBe(true);
    expect(hasAnyAuthority(undefined, [ROLES.ADMIN])).toBe(false);
  });

  it('has eight demo accounts with distinct logins, each holding a known role', () => {
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.login)).size).toBe(8);
    for (const account of DEMO_ACCOUNTS) expect(account.authorities.every(isAuthority)).toBe(true);
  });
});

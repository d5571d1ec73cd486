// The side menu per role (spec part 2 §2.17): sections and links each kind of staff user sees.
import { ROLES } from '@bank/domain';
import { describe, expect, it } from 'vitest';
import { hasPending, sideMenuFor } from './side-menu';

const links = (authorities: string[]) =>
  Object.fromEntries(
    (sideMenuFor(authorities)?.sections ?? []).map((section) => [section.key, section.links.map((link) => link.key)]),
  );

const MANAGER_REQUESTS = [
  'transfers',
  'beneficiaries',
  'cashBeneficiaries',
  'provisions',
  'checkOppositions',
  'cardOppositions',
  'cards',
  'checkbooks',
  'subscribers',
  'subscriptions',
];

describe('side menu', () => {
  it('gives ADMIN the Admin label and no links', () => {
    expect(sideMenuFor([ROLES.ADMIN, ROLES.USER])).toEqual({ admin: true, sections: [] });
  });

  it.each([
    [ROLES.MANAGER, [...MANAGER_REQUESTS, 'corrections']],
    [ROLES.RESPONSABLEDESK, MANAGER_REQUESTS],
  ])('gives %s À DÉCIDER, DEMANDES (corrections for the manager only), SUPPORTS and PARAMÈTRES', (role, requests) => {
    expect(links([role])).toEqual({
      work: ['inbox'],
      requests,
      supports: ['clients', 'onlineAccounts'],
      settings: ['services', 'packs'],
      entities: ['allEntities'],
    });
  });

  it.each([ROLES.GESTIONRECLAMATIONSCLIENTS, ROLES.AGENTDESAISIE])('gives %s no PARAMÈTRES', (role) => {
    expect(links([role])).toEqual({
      requests: MANAGER_REQUESTS,
      supports: ['clients', 'onlineAccounts'],
      entities: ['allEntities'],
    });
  });

  it('opens the read-only online-banking accounts page for MANAGER, the generic list for the others', () => {
    const target = (role: string) =>
      sideMenuFor([role])!
        .sections.flatMap((section) => section.links)
        .find((link) => link.key === 'onlineAccounts')!.to;
    expect(target(ROLES.MANAGER)).toBe('/admin/list/users');
    expect(target(ROLES.RESPONSABLEDESK)).toBe('/entity/serenity-user');
  });

  it('gives the cash agents and the trainee their few links', () => {
    expect(links([ROLES.AGENTCA])).toEqual({
      work: ['inbox'],
      requests: ['provisions', 'subscribers', 'subscriptions'],
      entities: ['allEntities'],
    });
    expect(links([ROLES.AGENTRSIC])).toEqual({
      work: ['inbox'],
      requests: ['provisions'],
      entities: ['allEntities'],
    });
    expect(links([ROLES.STAGIAIRE])).toEqual({ work: ['inbox'], requests: ['transfers'], entities: ['allEntities'] });
  });

  it('sends the cash agents through /entity/CA and the others to the staff lists of part 2', () => {
    const targets = (role: string) =>
      Object.fromEntries(sideMenuFor([role])!.sections.flatMap((section) => section.links.map((l) => [l.key, l.to])));
    expect(targets(ROLES.AGENTRSIC).provisions).toBe('/entity/CA/view/provision-cash?status=queue');
    expect(targets(ROLES.AGENTCA)).toMatchObject({
      provisions: '/entity/CA/view/provision-cash?status=queue',
      subscribers: '/entity/client-subscription',
      subscriptions: '/entity/view/subs-request?status=queue',
    });
    expect(targets(ROLES.MANAGER)).toMatchObject({
      provisions: '/entity/provision-cash/view/manager?status=queue',
      corrections: '/entity/ledger-correction/view/manager?status=queue',
      cashBeneficiaries: '/entity/beneficiary-cash/view/manager?status=queue',
      services: '/entity/serenity-services/manager',
      packs: '/entity/pack/view/manager',
    });
  });

  it('shows no menu to a user without a staff role, and counts only where the links are', () => {
    expect(sideMenuFor([ROLES.USER])).toBeNull();
    expect(sideMenuFor(undefined)).toBeNull();
    expect(hasPending(sideMenuFor([ROLES.MANAGER]))).toBe(true);
    expect(hasPending(sideMenuFor([ROLES.STAGIAIRE]))).toBe(true);
    expect(hasPending(sideMenuFor([ROLES.AGENTDESAISIE]))).toBe(true);
  });

  it('links every request list’s count to its work queue, and the inbox’s to the inbox', () => {
    const pending = sideMenuFor([ROLES.MANAGER])!
      .sections.flatMap((section) => section.links)
      .filter((link) => link.pending)
      .map((link) => [link.key, link.to]);
    expect(pending).toEqual([
      ['inbox', '/work/inbox'],
      ['transfers', '/entity/transfer/view/manager?status=queue'],
      ['beneficiaries', '/entity/beneficiary/view/manager?status=queue'],
      ['cashBeneficiaries', '/entity/beneficiary-cash/view/manager?status=queue'],
      ['provisions', '/entity/provision-cash/view/manager?status=queue'],
      ['checkOppositions', '/entity/check-opposition/view/manager?status=queue'],
      ['cardOppositions', '/entity/card-opposition/view/manager?status=queue'],
      ['cards', '/entity/card-order/view/manager?status=queue'],
      ['checkbooks', '/entity/checkbook-order/view/manager?status=queue'],
      ['subscriptions', '/entity/view/subs-request?status=queue'],
      ['corrections', '/entity/ledger-correction/view/manager?status=queue'],
    ]);
  });
});

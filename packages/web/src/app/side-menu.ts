// The role side menu (spec part 2 §2.17) as one table: which sections and links each kind of staff
// user sees.
import { ROLES, hasAnyAuthority, type Authority } from '@bank/domain';
import type { PendingKey } from '../api/pending';

export interface MenuLink {
  /** `menu.links.<key>` */
  key: string;
  /** The page, with the list view it opens on (`?status=queue`) for a link with a badge. */
  to: string;
  /** The pending count shown as a badge. */
  pending?: PendingKey;
}

export interface MenuSection {
  /** `menu.sections.<key>` */
  key: string;
  links: readonly MenuLink[];
}

export interface SideMenu {
  /** ADMIN: the 'Admin' label with the login and no links. */
  admin: boolean;
  sections: readonly MenuSection[];
}

const LINKS = {
  transfers: { key: 'transfers', to: '/entity/transfer/view/manager' },
  // A badge's link opens the queue view it counts, whatever the role's own default view.
  beneficiaries: {
    key: 'beneficiaries',
    to: '/entity/beneficiary/view/manager?status=queue',
    pending: 'beneficiaries',
  },
  cashBeneficiaries: { key: 'cashBeneficiaries', to: '/entity/beneficiary-cash/view/manager' },
  provisions: { key: 'provisions', to: '/entity/provision-cash/view/manager' },
  corrections: { key: 'corrections', to: '/entity/ledger-correction/view/manager' },
  // The cash agents' door (spec part 2 §2.17); /entity/CA is theirs only (§6), so the others use the list above.
  cashDeskProvisions: { key: 'provisions', to: '/entity/CA/view/provision-cash' },
  checkOppositions: { key: 'checkOppositions', to: '/entity/check-opposition/view/manager' },
  cardOppositions: { key: 'cardOppositions', to: '/entity/card-opposition/view/manager' },
  cards: { key: 'cards', to: '/entity/card-order/view/manager?status=queue', pending: 'cards' },
  checkbooks: { key: 'checkbooks', to: '/entity/checkbook-order/view/manager?status=queue', pending: 'checkbooks' },
  subscribers: { key: 'subscribers', to: '/entity/client-subscription' },
  subscriptions: { key: 'subscriptions', to: '/entity/view/subs-request' },
  clients: { key: 'clients', to: '/entity/client/manager' },
  onlineAccounts: { key: 'onlineAccounts', to: '/entity/serenity-user' },
  // The manager's « Comptes e-banking » is the read-only page of part 2 §2.17, not the generic list.
  onlineAccountsReadOnly: { key: 'onlineAccounts', to: '/admin/list/users' },
  services: { key: 'services', to: '/entity/serenity-services/manager' },
  packs: { key: 'packs', to: '/entity/pack/view/manager' },
  allEntities: { key: 'allEntities', to: '/entity' },
} as const satisfies Record<string, MenuLink>;

const MANAGER_TYPES: readonly Authority[] = [
  ROLES.MANAGER,
  ROLES.RESPONSABLEDESK,
  ROLES.GESTIONRECLAMATIONSCLIENTS,
  ROLES.AGENTDESAISIE,
];
const DESK: readonly Authority[] = [ROLES.MANAGER, ROLES.RESPONSABLEDESK];
const REQUESTS: readonly MenuLink[] = [
  LINKS.transfers,
  LINKS.beneficiaries,
  LINKS.cashBeneficiaries,
  LINKS.provisions,
  LINKS.checkOppositions,
  LINKS.cardOppositions,
  LINKS.cards,
  LINKS.checkbooks,
  LINKS.subscribers,
  LINKS.subscriptions,
];

/** Rows in order; every row whose roles match adds its section (first match per section key wins). */
const MENU_TABLE: readonly { roles: readonly Authority[]; section: MenuSection }[] = [
  // The manager files and decides corrections (the administrator, from the admin menu).
  { roles: [ROLES.MANAGER], section: { key: 'requests', links: [...REQUESTS, LINKS.corrections] } },
  { roles: MANAGER_TYPES, section: { key: 'requests', links: REQUESTS } },
  {
    roles: [ROLES.AGENTCA],
    section: { key: 'requests', links: [LINKS.cashDeskProvisions, LINKS.subscribers, LINKS.subscriptions] },
  },
  { roles: [ROLES.AGENTRSIC], section: { key: 'requests', links: [LINKS.cashDeskProvisions] } },
  { roles: [ROLES.STAGIAIRE], section: { key: 'requests', links: [LINKS.transfers] } },
  { roles: [ROLES.MANAGER], section: { key: 'supports', links: [LINKS.clients, LINKS.onlineAccountsReadOnly] } },
  { roles: MANAGER_TYPES, section: { key: 'supports', links: [LINKS.clients, LINKS.onlineAccounts] } },
  { roles: DESK, section: { key: 'settings', links: [LINKS.services, LINKS.packs] } },
];

const ALL_ENTITIES: MenuSection = { key: 'entities', links: [LINKS.allEntities] };

/**
 * The side menu of a user's authorities; null when the user has no staff role.
 * @example sideMenuFor(['ROLE_STAGIAIRE']).sections[0].links → [transfers]
 */
export function sideMenuFor(authorities: readonly string[] | undefined): SideMenu | null {
  if (hasAnyAuthority(authorities, [ROLES.ADMIN])) return { admin: true, sections: [] };
  const sections: MenuSection[] = [];
  for (const row of MENU_TABLE) {
    if (hasAnyAuthority(authorities, row.roles) && !sections.some((s) => s.key === row.section.key))
      sections.push(row.section);
  }
  return sections.length > 0 ? { admin: false, sections: [...sections, ALL_ENTITIES] } : null;
}

/** Whether a menu shows pending counts (only then are they asked for). */
export const hasPending = (menu: SideMenu | null) =>
  Boolean(menu?.sections.some((section) => section.links.some((link) => link.pending)));

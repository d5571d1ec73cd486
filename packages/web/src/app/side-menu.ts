// The role side menu (spec part 2 §2.17) as one table: which sections and links each kind of staff
// user sees.
import { ROLES, hasAnyAuthority, workQueuesOf, type Authority } from '@bank/domain';
import type { PendingKey } from '../api/pending';

/** The checker inbox's badge: what awaits this user's decision across types. */
export const INBOX = 'inbox';

export interface MenuLink {
  /** `menu.links.<key>` */
  key: string;
  /** The page, with the list view it opens on (`?status=queue`) for a link with a badge. */
  to: string;
  /** The pending count shown as a badge: a request list's queue, or the checker inbox. */
  pending?: PendingKey | typeof INBOX;
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
  inbox: { key: 'inbox', to: '/work/inbox', pending: INBOX },
  // A badge's link opens the queue view it counts, whatever the role's own default view.
  transfers: { key: 'transfers', to: '/entity/transfer/view/manager?status=queue', pending: 'transfers' },
  beneficiaries: {
    key: 'beneficiaries',
    to: '/entity/beneficiary/view/manager?status=queue',
    pending: 'beneficiaries',
  },
  cashBeneficiaries: {
    key: 'cashBeneficiaries',
    to: '/entity/beneficiary-cash/view/manager?status=queue',
    pending: 'cashBeneficiaries',
  },
  provisions: { key: 'provisions', to: '/entity/provision-cash/view/manager?status=queue', pending: 'provisions' },
  corrections: {
    key: 'corrections',
    to: '/entity/ledger-correction/view/manager?status=queue',
    pending: 'corrections',
  },
  // The cash agents' door (spec part 2 §2.17); /entity/CA is theirs only (§6), so the others use the list above.
  cashDeskProvisions: { key: 'provisions', to: '/entity/CA/view/provision-cash?status=queue', pending: 'provisions' },
  checkOppositions: {
    key: 'checkOppositions',
    to: '/entity/check-opposition/view/manager?status=queue',
    pending: 'checkOppositions',
  },
  cardOppositions: {
    key: 'cardOppositions',
    to: '/entity/card-opposition/view/manager?status=queue',
    pending: 'cardOppositions',
  },
  cards: { key: 'cards', to: '/entity/card-order/view/manager?status=queue', pending: 'cards' },
  checkbooks: { key: 'checkbooks', to: '/entity/checkbook-order/view/manager?status=queue', pending: 'checkbooks' },
  subscribers: { key: 'subscribers', to: '/entity/client-subscription' },
  subscriptions: { key: 'subscriptions', to: '/entity/view/subs-request?status=queue', pending: 'subscriptions' },
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
const INBOX_SECTION: MenuSection = { key: 'work', links: [LINKS.inbox] };

/**
 * The side menu of a user's authorities; null when the user has no staff role.
 * @example sideMenuFor(['ROLE_STAGIAIRE']).sections[0].links → [transfers]
 */
export function sideMenuFor(authorities: readonly string[] | undefined): SideMenu | null {
  if (hasAnyAuthority(authorities, [ROLES.ADMIN])) return { admin: true, sections: [] };
  // Whoever decides some request type has the checker inbox first.
  const sections: MenuSection[] = workQueuesOf(authorities ?? []).length > 0 ? [INBOX_SECTION] : [];
  for (const row of MENU_TABLE) {
    if (hasAnyAuthority(authorities, row.roles) && !sections.some((s) => s.key === row.section.key))
      sections.push(row.section);
  }
  return sections.length > 0 ? { admin: false, sections: [...sections, ALL_ENTITIES] } : null;
}

/** Whether a menu shows pending counts (only then are they asked for). */
export const hasPending = (menu: SideMenu | null) =>
  Boolean(menu?.sections.some((section) => section.links.some((link) => link.pending)));

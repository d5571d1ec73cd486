// Roles and the route groups they open: the single source for server guards and web guards.
// Server role names are the spec's ROLE_* authorities; screens speak of them by short name.

/** The nine authorities the server knows (spec part 1, section 6). */
export const ROLES = {
  ADMIN: 'ROLE_ADMIN',
  USER: 'ROLE_USER',
  MANAGER: 'ROLE_MANAGER',
  RESPONSABLEDESK: 'ROLE_RESPONSABLE_DESK',
  GESTIONRECLAMATIONSCLIENTS: 'ROLE_GESTION_RECLAMATIONS_CLIENTS',
  AGENTCA: 'ROLE_AGENT_CA',
  AGENTRSIC: 'ROLE_AGENT_RSIC',
  AGENTDESAISIE: 'ROLE_AGENT_DE_SAISIE',
  STAGIAIRE: 'ROLE_STAGIAIRE',
} as const;

export type RoleName = keyof typeof ROLES;
export type Authority = (typeof ROLES)[RoleName];

export const ALL_AUTHORITIES: readonly Authority[] = Object.values(ROLES);

/** The eight staff roles that open /entity (spec part 1, section 2.2). */
export const STAFF_AUTHORITIES: readonly Authority[] = [
  ROLES.ADMIN,
  ROLES.MANAGER,
  ROLES.AGENTDESAISIE,
  ROLES.GESTIONRECLAMATIONSCLIENTS,
  ROLES.RESPONSABLEDESK,
  ROLES.AGENTCA,
  ROLES.AGENTRSIC,
  ROLES.STAGIAIRE,
];

/**
 * Who may open each group of routes. An empty list means any signed-in user.
 * @example hasAnyAuthority(account.authorities, ROUTE_ACCESS.admin)
 */
export const ROUTE_ACCESS = {
  signedIn: [],
  account: [ROLES.ADMIN, ROLES.MANAGER],
  admin: [ROLES.ADMIN, ROLES.MANAGER],
  adminMenu: [ROLES.ADMIN],
  entity: STAFF_AUTHORITIES,
  entityCA: [ROLES.AGENTCA, ROLES.AGENTRSIC],
  management: [ROLES.ADMIN],
} as const satisfies Record<string, readonly Authority[]>;

export type RouteGroup = keyof typeof ROUTE_ACCESS;

/** The heads of the bank's staff: they keep reference data and the amounts that commit the bank. */
export const SUPERVISORS: readonly Authority[] = [ROLES.ADMIN, ROLES.MANAGER];

/** Who sees the home page's charts of the last 30 days (issue 21): the heads of the desk. */
export const WORK_CHARTS_ACCESS: readonly Authority[] = [ROLES.MANAGER, ROLES.RESPONSABLEDESK];

/** True when `required` is empty or the user holds at least one of its authorities. */
export function hasAnyAuthority(held: readonly string[] | undefined, required: readonly string[]): boolean {
  if (required.length === 0) return true;
  if (!held || held.length === 0) return false;
  return required.some((authority) => held.includes(authority));
}

export function isAuthority(value: string): value is Authority {
  return (ALL_AUTHORITIES as readonly string[]).includes(value);
}

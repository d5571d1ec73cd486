// The demo staff accounts (DESIGN.md section 2): password equal to login, created by the demo seed only.
import { ROLES, type Authority } from './roles';

export interface DemoAccount {
  login: string;
  firstName: string;
  lastName: string;
  authorities: readonly Authority[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { login: 'admin', firstName: 'Awa', lastName: 'Diop', authorities: [ROLES.ADMIN, ROLES.USER] },
  { login: 'manager', firstName: 'Moussa', lastName: 'Ndiaye', authorities: [ROLES.MANAGER] },
  { login: 'responsabledesk', firstName: 'Fatou', lastName: 'Sarr', authorities: [ROLES.RESPONSABLEDESK] },
  { login: 'reclamations', firstName: 'Ibrahima', lastName: 'Fall', authorities: [ROLES.GESTIONRECLAMATIONSCLIENTS] },
  { login: 'agentsaisie', firstName: 'Aminata', lastName: 'Ba', authorities: [ROLES.AGENTDESAISIE] },
  { login: 'agentca', firstName: 'Cheikh', lastName: 'Sow', authorities: [ROLES.AGENTCA] },
  { login: 'agentrsic', firstName: 'Mariama', lastName: 'Faye', authorities: [ROLES.AGENTRSIC] },
  { login: 'stagiaire', firstName: 'Ousmane', lastName: 'Gueye', authorities: [ROLES.STAGIAIRE] },
];

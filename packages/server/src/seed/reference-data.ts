// Reference data of the demo bank: branches, account, card and transaction types, account
// managers, online-banking services, packs and notification types. Fixed lists, not scaled.
import { insertRows } from './bulk';
import type { SeedContext } from './context';
import { colouredPng } from './png';
import { iso, slug } from './random';

export interface BranchRef {
  id: number;
  code: string;
  name: string;
  town: string;
  address: string;
}

export interface ReferenceData {
  branches: BranchRef[];
  /** Bank account type id by code (COURANT, EPARGNE...). */
  accountTypes: Map<string, number>;
  cardTypes: number[];
  /** Transaction type id by code (VIR, RET...). */
  transactionTypes: Map<string, number>;
  gestionnaires: number[];
  services: number[];
  packs: Array<{ id: number; price: number; hidden: boolean; services: number[] }>;
  notityTypes: number[];
}

/** Branch code doubles as the guichet code of the RIB. */
const BRANCHES = [
  ['01001', 'Dakar Plateau', 'Dakar', 'Avenue Léopold Sédar Senghor, Plateau, Dakar', 14.6708, -17.4381],
  ['01002', 'Dakar Point E', 'Dakar', 'Rue de Kaolack x Boulevard de l’Est, Point E, Dakar', 14.6937, -17.462],
  ['01003', 'Dakar Almadies', 'Dakar', 'Route des Almadies, Ngor, Dakar', 14.745, -17.509],
  ['01004', 'Pikine', 'Pikine', 'Route nationale 1, Thiaroye, Pikine', 14.7549, -17.3985],
  ['01005', 'Rufisque', 'Rufisque', 'Avenue Maurice Guèye, Rufisque', 14.7167, -17.2667],
  ['02001', 'Thiès', 'Thiès', 'Avenue Léopold Sédar Senghor, Escale, Thiès', 14.791, -16.9359],
  ['02002', 'Mbour', 'Mbour', 'Route de Saly, Grand Mbour, Mbour', 14.4199, -16.9646],
  ['03001', 'Saint-Louis', 'Saint-Louis', 'Avenue Général de Gaulle, Sor, Saint-Louis', 16.0179, -16.4896],
  ['04001', 'Touba', 'Touba', 'Boulevard Khadimou Rassoul, Darou Marnane, Touba', 14.85, -15.8833],
  ['05001', 'Kaolack', 'Kaolack', 'Avenue Valdiodio Ndiaye, Léona, Kaolack', 14.1652, -16.0726],
  ['06001', 'Ziguinchor', 'Ziguinchor', 'Rue du Commerce, Escale, Ziguinchor', 12.5681, -16.2719],
  ['07001', 'Tambacounda', 'Tambacounda', 'Avenue Léopold Sédar Senghor, Tambacounda', 13.7707, -13.6673],
] as const;

const ACCOUNT_TYPES = [
  ['COURANT', 'Compte courant'],
  ['CHEQUE', 'Compte chèque'],
  ['EPARGNE', 'Compte épargne'],
  ['ENTREPRISE', 'Compte entreprise'],
  ['DAT', 'Dépôt à terme'],
  ['JEUNE', 'Compte jeune'],
] as const;

const CARD_TYPES = [
  ['Visa Classic', '#1a1f71'],
  ['Visa Gold', '#c9a227'],
  ['Visa Platinum', '#8e9aa6'],
  ['Mastercard Standard', '#eb001b'],
  ['GIM-UEMOA', '#00853f'],
  ['Visa Prépayée', '#5b2c6f'],
] as const;

export const TRANSACTION_TYPES = [
  ['VIR', 'Virement'],
  ['RET', 'Retrait d’espèces'],
  ['DEP', 'Versement d’espèces'],
  ['PRL', 'Prélèvement'],
  ['FRAIS', 'Frais et commissions'],
  ['SAL', 'Virement de salaire'],
  ['CHQ', 'Opération sur chèque'],
  ['CB', 'Paiement par carte'],
  ['INT', 'Intérêts créditeurs'],
  ['COR', 'Écriture de correction'],
] as const;

const GESTIONNAIRES = [
  'Aïssatou Ndiaye',
  'Babacar Diop',
  'Khady Sarr',
  'Mamadou Lamine Fall',
  'Ndèye Coumba Sow',
  'Ousmane Diallo',
  'Sokhna Mbaye',
  'Abdoulaye Cissé',
  'Rokhaya Thiam',
  'Pape Moussa Seck',
] as const;

const SERVICES = [
  ['Consultation de solde', 'Solde et position de tous les comptes en temps réel', '#1f618d'],
  ['Historique des opérations', 'Relevé des opérations des douze derniers mois', '#117a65'],
  ['Virement', 'Virements vers les bénéficiaires enregistrés', '#b9770e'],
  ['Paiement de factures', 'Senelec, SEN’EAU, Sonatel, Canal+ et autres facturiers', '#884ea0'],
  ['Alertes SMS', 'Alertes par SMS sur les opérations du compte', '#cb4335'],
  ['Commande de chéquier', 'Commande de chéquier avec retrait en agence', '#2e4053'],
  ['Opposition carte', 'Mise en opposition immédiate d’une carte perdue ou volée', '#a04000'],
  ['Mise à disposition cash', 'Retrait d’espèces par un tiers sur code OTP', '#196f3d'],
] as const;

/** Label, monthly price in XOF, hidden from the subscription selector, indexes of its services. */
const PACKS = [
  ['Pack Essentiel', 1_500, false, [0, 1, 4], 'Les services de base pour suivre son compte'],
  ['Pack Confort', 3_500, false, [0, 1, 2, 3, 4], 'Virements et paiement de factures en plus'],
  ['Pack Premium', 7_500, false, [0, 1, 2, 3, 4, 5, 6, 7], 'Tous les services, conseiller dédié'],
  ['Pack Entreprise', 15_000, false, [0, 1, 2, 3, 5, 7], 'Pour les sociétés et les GIE'],
  ['Pack Jeune', 500, false, [0, 1, 4], 'Pour les 18-25 ans'],
  ['Pack Diaspora', 5_000, false, [0, 1, 2, 3, 7], 'Pour les Sénégalais de l’extérieur'],
  ['Pack Découverte (ancienne offre)', 1_000, true, [0, 1], 'Offre retirée du catalogue'],
  ['Pack Personnel Banque', 0, true, [0, 1, 2, 3, 4, 5, 6, 7], 'Réservé au personnel de la banque'],
] as const;

const NOTITY_TYPES = [
  ['paiement', 'Paiements par carte et prélèvements'],
  ['retrait', 'Retraits d’espèces au guichet et aux GAB'],
  ['salaire', 'Réception du salaire'],
  ['versement', 'Versements d’espèces'],
  ['virement', 'Virements reçus et émis'],
] as const;

export async function seedReferenceData(ctx: SeedContext): Promise<ReferenceData> {
  const { db, anchor } = ctx;
  const rng = ctx.random('reference');
  const since = (days: number) => iso(anchor - days * 86_400_000);

  const branchIds = await insertRows(
    db,
    'branch',
    BRANCHES.map(([code, name, , address, latitude, longitude]) => ({
      code,
      name: `Agence ${name}`,
      address,
      latitude: String(latitude),
      longitude: String(longitude),
    })),
    { returning: true },
  );
  const branches = BRANCHES.map(([code, name, town, address], i) => ({
    id: branchIds[i]!,
    code,
    name: `Agence ${name}`,
    town,
    address,
  }));

  const typeIds = await insertRows(
    db,
    'bankAccountType',
    ACCOUNT_TYPES.map(([bankAccountTypeCode, label]) => ({ bankAccountTypeCode, label })),
    { returning: true },
  );

  const cardTypes = await insertRows(
    db,
    'cardType',
    CARD_TYPES.map(([label, colour], i) => ({
      label,
      picture: colouredPng(colour),
      createAt: since(900 - i * 30),
      updateAt: since(200 - i * 10),
    })),
    { returning: true },
  );

  const transactionTypeIds = await insertRows(
    db,
    'transactionType',
    TRANSACTION_TYPES.map(([code, description]) => ({ code, description })),
    { returning: true },
  );

  const gestionnaires = await insertRows(
    db,
    'gestionnaire',
    GESTIONNAIRES.map((name, i) => ({
      name,
      registrationNumber: `MAT-${2008 + i}-${String(101 + i * 7).padStart(4, '0')}`,
      telephone: `+221338${rng.digits(6)}`,
      email: `${slug(name)}@banque.sn`,
    })),
    { returning: true },
  );

  const services = await insertRows(
    db,
    'serenityServices',
    SERVICES.map(([label, description, colour], i) => ({
      label,
      description,
      picture: colouredPng(colour),
      codeServices: 101 + i,
      createdAt: since(720),
      updatedAt: since(60 + i),
    })),
    { returning: true },
  );

  const packIds = await insertRows(
    db,
    'pack',
    PACKS.map(([label, price, hidden, serviceIndexes, description], i) => ({
      label,
      price: String(price),
      hidden,
      description,
      picture: colouredPng(
        ['#154360', '#0e6655', '#7d6608', '#512e5f', '#1d8348', '#6e2c00', '#7b7d7d', '#212f3c'][i]!,
      ),
      createdBy: 'admin',
      createdAt: since(700 - i * 20),
      updatedAt: since(90 - i),
      serenityServices: serviceIndexes.map((s) => services[s]!),
    })),
    { returning: true },
  );

  const notityTypes = await insertRows(
    db,
    'notityType',
    NOTITY_TYPES.map(([label, description], i) => ({
      label,
      description,
      codeServices: 201 + i,
      createdAt: since(700),
      updatedAt: since(120),
    })),
    { returning: true },
  );

  return {
    branches,
    accountTypes: new Map(ACCOUNT_TYPES.map(([code], i) => [code, typeIds[i]!])),
    cardTypes,
    transactionTypes: new Map(TRANSACTION_TYPES.map(([code], i) => [code, transactionTypeIds[i]!])),
    gestionnaires,
    services,
    packs: PACKS.map(([, price, hidden, serviceIndexes], i) => ({
      id: packIds[i]!,
      price,
      hidden,
      services: serviceIndexes.map((s) => services[s]!),
    })),
    notityTypes,
  };
}

// Words of the demo data: Senegalese names, towns and neighbourhoods, companies, and the
// observations staff write on requests. Plain data, no logic.

export const LAST_NAMES: readonly string[] = (
  'Diop, Ndiaye, Fall, Sow, Ba, Sarr, Gueye, Faye, Diallo, Mbaye, Cissé, Ndour, Thiam, Kane, Seck, ' +
  'Diouf, Niang, Sy, Touré, Camara, Mbengue, Wade, Dieng, Ka, Sall, Lô, Badji, Diatta, Sène, Ndoye, ' +
  'Samb, Guèye, Dramé, Tall, Kébé, Bâ'
).split(', ');

export const FEMALE_FIRST_NAMES: readonly string[] = (
  'Awa, Fatou, Aminata, Mariama, Ndèye, Khady, Sokhna, Aïssatou, Coumba, Rokhaya, Astou, Bineta, ' +
  'Dieynaba, Maïmouna, Seynabou, Adja, Yacine, Penda, Fama, Ramatoulaye'
).split(', ');

export const MALE_FIRST_NAMES: readonly string[] = (
  'Moussa, Mamadou, Cheikh, Ousmane, Ibrahima, Abdoulaye, Modou, Adama, Babacar, Serigne, Aliou, Pape, ' +
  'Lamine, Malick, El Hadji, Souleymane, Alassane, Mouhamed, Djibril, Khadim'
).split(', ');

/** Towns with a few neighbourhoods each, for addresses and places of birth. */
export const TOWNS: ReadonlyArray<{ name: string; areas: readonly string[] }> = [
  {
    name: 'Dakar',
    areas: ['Plateau', 'Médina', 'Point E', 'Sacré-Cœur', 'Mermoz', 'Ouakam', 'Grand Yoff', 'HLM', 'Fann'],
  },
  { name: 'Pikine', areas: ['Thiaroye', 'Guinaw Rail', 'Dalifort'] },
  { name: 'Guédiawaye', areas: ['Golf Sud', 'Sam Notaire', 'Wakhinane'] },
  { name: 'Rufisque', areas: ['Keury Kaw', 'Colobane', 'Dangou'] },
  { name: 'Thiès', areas: ['Escale', 'Randoulène', 'Cité Lamy', 'Mbour 1'] },
  { name: 'Saint-Louis', areas: ['Sor', 'Guet Ndar', 'Île Nord', 'Pikine Saint-Louis'] },
  { name: 'Ziguinchor', areas: ['Boucotte', 'Escale', 'Lyndiane'] },
  { name: 'Kaolack', areas: ['Médina Baye', 'Léona', 'Kasnack'] },
  { name: 'Touba', areas: ['Darou Marnane', 'Ndamatou', 'Touba Mosquée'] },
  { name: 'Mbour', areas: ['Grand Mbour', 'Saly Portudal', 'Tefess'] },
  { name: 'Tambacounda', areas: ['Médina Coura', 'Pont'] },
  { name: 'Louga', areas: ['Artillerie', 'Keur Serigne Louga'] },
] as const;

export const STREETS: readonly string[] = (
  'Rue Carnot, Avenue Lamine Guèye, Boulevard de la République, Avenue Cheikh Anta Diop, Rue Mohamed V, ' +
  'Avenue Blaise Diagne, Route de Ouakam, Rue 10 x 13, Allées Papa Guèye Fall, Avenue Bourguiba, ' +
  'Rue Félix Faure, Cité Keur Gorgui'
).split(', ');

export const NATIONALITIES: ReadonlyArray<readonly [string, number]> = [
  ['Sénégalaise', 92],
  ['Malienne', 2],
  ['Guinéenne', 2],
  ['Gambienne', 1],
  ['Mauritanienne', 1],
  ['Française', 1],
  ['Ivoirienne', 1],
];

export const COMPANY_NAMES: readonly string[] = (
  'Sénégal Transit SARL, Teranga Distribution SUARL, Dakar Logistique SA, Casamance Agro SARL, ' +
  'Touba Négoce SARL, Baobab Services SARL, Sahel Bâtiment SA, Niayes Maraîchage GIE, Saloum Pêche SARL, ' +
  'Lac Rose Tourisme SARL, Keur Massar Matériaux SUARL, Ndiambour Transport SA, ' +
  'Atlantique Froid Industrie SA, Boulangerie Jaune SARL, Yoff Textile SARL, Cap-Vert Informatique SAS'
).split(', ');

export const COMPANY_FORMS = ['SARL', 'SUARL', 'SA', 'GIE', 'SAS'] as const;
export const COMPANY_TRADES: readonly string[] = (
  'Commerce Général, Transport, Import-Export, Bâtiment, Services, Agro-Industrie, Pêche, Distribution, ' +
  'Immobilier, Informatique'
).split(', ');

export const MAIL_DOMAINS = ['gmail.com', 'yahoo.fr', 'orange.sn', 'hotmail.com', 'outlook.fr'] as const;

/** Mobile prefixes of Senegal's operators (Orange 77/78, Free 76, Expresso 70, Promobile 75). */
export const MOBILE_PREFIXES = ['77', '77', '78', '76', '70', '75'] as const;

/** Other banks of Senegal (code banque of the UEMOA RIB) for external beneficiaries. */
export const OTHER_BANKS = ['SN010', 'SN011', 'SN039', 'SN043', 'SN048', 'SN061', 'SN094', 'SN100'] as const;

/** What staff write when they set a status, per status value (all enums share these words). */
export const OBSERVATIONS: Readonly<Record<string, readonly string[]>> = {
  INPROGRESS: [
    'Demande reçue, dossier en cours de traitement',
    'Prise en charge par le back-office',
    'Vérification des pièces en cours',
  ],
  IN_PROGRESS: [
    'Demande reçue, dossier en cours de traitement',
    'Commande transmise au fournisseur',
    'Vérification de la signature en cours',
  ],
  PENDING: [
    'En attente de pièces justificatives',
    'Client à rappeler pour confirmation',
    'En attente de validation hiérarchique',
    'Dossier en attente de provision',
  ],
  VALIDATED: [
    'Validé après contrôle',
    'Dossier complet, demande validée',
    'Accord du responsable, traitement effectué',
  ],
  ACCEPTED: ['Bénéficiaire vérifié et validé', 'RIB contrôlé, bénéficiaire accepté'],
  DONE: ['Chéquier remis au client', 'Chéquier disponible en agence', 'Livraison effectuée'],
  REJECTED: [
    'Rejeté : solde insuffisant',
    'Rejeté : pièces non conformes',
    'Rejeté : RIB invalide',
    'Rejeté : signature non conforme',
  ],
  CANCELLED: ['Annulé à la demande du client', 'Annulé : doublon de demande', 'Annulé : compte clôturé'],
  DELETED: ['Supprimé à la demande du client', 'Bénéficiaire supprimé : compte destinataire clôturé'],
  OTPPENDING: ['Code OTP envoyé au bénéficiaire', 'En attente du code de retrait'],
  REMOVED: ['Retiré de la liste à la demande du client'],
  INPROGESS: ['Identité du bénéficiaire en cours de vérification'],
  ENABLE: ['Abonnement activé'],
  DISABLE: ['Abonnement désactivé'],
};

export const PROVISION_MOTIFS = [
  'Retrait pour un tiers',
  'Frais de scolarité',
  'Paiement fournisseur',
  'Aide familiale',
  'Frais médicaux',
  'Règlement de loyer',
  'Achat de marchandises',
  'Cérémonie familiale',
] as const;

/** Loan products: label, purpose, for companies, nominal range in XOF, terms in months. */
export const LOAN_PRODUCTS: ReadonlyArray<readonly [string, string, boolean, number, number, readonly number[]]> = [
  ['Crédit immobilier', 'Acquisition de logement', false, 10_000_000, 80_000_000, [120, 180, 240]],
  ['Prêt personnel', 'Besoins personnels', false, 300_000, 10_000_000, [12, 24, 36, 48]],
  ['Crédit automobile', 'Achat de véhicule', false, 3_000_000, 20_000_000, [24, 36, 48, 60]],
  ['Avance Tabaski', 'Fête de Tabaski', false, 100_000, 1_000_000, [6, 10, 12]],
  ['Crédit scolaire', 'Rentrée scolaire', false, 100_000, 1_500_000, [6, 10, 12]],
  ['Crédit équipement', 'Achat de matériel professionnel', true, 5_000_000, 150_000_000, [24, 36, 48, 60]],
  ['Crédit de trésorerie', 'Fonds de roulement', true, 2_000_000, 50_000_000, [6, 12, 24]],
  ['Crédit immobilier professionnel', 'Construction de locaux', true, 50_000_000, 500_000_000, [84, 120, 180]],
];

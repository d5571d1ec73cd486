// Entity declarations and their normalised form. A declaration says only what is particular to
// an entity; names, tables, columns, label keys and kind defaults are derived here, once.
import type { Authority } from './access/roles';
import { ENUMS, type EnumName } from './enums';
import type { MaskName } from './format/masks';
import { KIND_DEFAULTS, type FieldKind } from './kinds';

export interface FieldDef {
  kind: FieldKind;
  required?: boolean;
  /** A literal default, or 'now' for date-times stamped on create. */
  default?: string | number | boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** A money amount that must be above zero (a transfer, a provision): zero and negatives are refused. */
  positive?: true;
  /** For kind 'enum'. */
  enum?: EnumName;
  /** The values a generic form offers when fewer than the enum's (checkbook: IN_PROGRESS, DONE). */
  formValues?: readonly string[];
  /** For kinds 'ref' and 'refs': the target entity's name. */
  ref?: string;
  /** How a ref travels in JSON: `branchId: 5` (default) or `beneficiary: { id: 5 }`. */
  refShape?: 'id' | 'object';
  /** For a ref: the joined field naming the linked row, shown in lists instead of the bare id. */
  labelFrom?: string;
  /** Part of the text that `_search` matches; kinds set the default. */
  searchable?: boolean;
  unique?: boolean;
  /** Shown but never written through the generic API (computed or set by the server). */
  readOnly?: boolean;
  /**
   * Only these roles may set it (a value on create, a change on update; anyone else: 403), and each change
   * is audited (FIELD_CHANGED): an amount that commits the bank, such as an overdraft.
   */
  writers?: readonly Authority[];
  /** Set on create, never changed afterwards (an account's identity): an update that changes it is refused. */
  fixed?: true;
  /** Hidden from the generic list (still in detail and form). */
  list?: false;
  /** Only when the spec's wording differs from `entities.<entity>.fields.<field>`. */
  labelKey?: string;
  /** Screens show the value through this mask (format/masks.ts), never whole. */
  mask?: MaskName;
  /**
   * A text field holding another system's status code (an SMS gateway's, the OTP service's): screens show
   * its label `codes.<list>.<value>`, the code itself in a tooltip, and an unknown code as itself.
   */
  codes?: CodeList;
}

/** The lists of other systems' codes that text fields hold (their labels: `codes.<list>` in i18n). */
export type CodeList = 'otpStatus' | 'otpDelivery' | 'smsDelivery';

export type Action = 'read' | 'create' | 'update' | 'delete';

/**
 * What kind of record an entity holds, which sets who may write it (access/write-policy.ts):
 * `reference` data is kept by supervisors; `history` and `security` records are written by the server
 * alone. Requests (entities with a workflow) and customer records are told apart without a declaration.
 */
export type DeclaredDataClass = 'reference' | 'history' | 'security';

export interface EntityDef {
  /** camelCase, unique: `bankAccount`. */
  name: string;
  /** Screen path segment under /entity: `bank-account`. */
  route: string;
  /** API resource: `bank-accounts` under `core/api` (or `api` for the gateway-side entities). */
  resource: string;
  apiBase?: 'core/api' | 'api';
  /** The field that names a row for people (selects, links); the id when absent. */
  label?: string;
  fields: Record<string, FieldDef>;
  /** Infinite scroll (Link header) instead of page buttons; 'none' lists without paging. */
  paging?: 'pages' | 'infinite' | 'none';
  /**
   * Read-only fields taken from linked rows in the same query, as a path of refs ending in a field
   * of the last one: `clientName: 'bankAccountId.clientId.name'` (the manager views' extra fields).
   */
  joined?: Record<string, string>;
  /**
   * Joined text fields that `_search` matches as well as the entity's own searchable fields: a
   * provision is found by its beneficiary's name. Fields of one ref path match as one text, in order.
   */
  searchJoined?: readonly string[];
  /**
   * Found as staff type names: `_search` reads an index of where each word of the searchable text
   * begins (migration 0023), so a common name costs what a rare one does. Its own text only: an entity
   * with `searchJoined` may not declare it (entities/registry.test.ts).
   */
  wordSearch?: boolean;
  /** Extra indexes for the filters and sorts staff use (field names, in order); the id is appended. */
  indexes?: readonly (readonly string[])[];
  /** Reference data, history or security records; customer records and requests declare nothing. */
  dataClass?: DeclaredDataClass;
}

export interface Field extends Omit<FieldDef, 'searchable'> {
  name: string;
  /** Database column (snake_case); refs end in `_id`. */
  column: string;
  searchable: boolean;
  labelKey: string;
}

export interface Entity {
  name: string;
  route: string;
  resource: string;
  apiBase: 'core/api' | 'api';
  /** `/core/api/branches` */
  path: string;
  table: string;
  label: string;
  labelKey: string;
  paging: 'pages' | 'infinite' | 'none';
  fields: readonly Field[];
  field(name: string): Field | undefined;
  joined: Readonly<Record<string, string>>;
  searchJoined: readonly string[];
  wordSearch: boolean;
  indexes: readonly (readonly string[])[];
  dataClass?: DeclaredDataClass;
}

/** Identity helper that keeps the literal types of a declaration. */
export const defineEntity = <const E extends EntityDef>(def: E): E => def;

export const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function columnOf(name: string, def: FieldDef): string {
  if (def.kind === 'ref') return snakeCase(name.replace(/Id$/, '')) + '_id';
  return snakeCase(name);
}

export function normalizeEntity(def: EntityDef): Entity {
  const fields: Field[] = Object.entries(def.fields).map(([name, field]) => {
    const kindDefaults: { maxLength?: number; searchable: boolean } = KIND_DEFAULTS[field.kind];
    const maxLength = field.maxLength ?? kindDefaults.maxLength;
    return {
      ...field,
      name,
      column: columnOf(name, field),
      searchable: field.searchable ?? kindDefaults.searchable,
      ...(maxLength !== undefined ? { maxLength } : {}),
      ...(field.kind === 'enum' && field.default === undefined && field.enum && ENUMS[field.enum].default !== undefined
        ? { default: ENUMS[field.enum].default }
        : {}),
      labelKey: field.labelKey ?? `entities.${def.name}.fields.${name}`,
    };
  });
  const byName = new Map(fields.map((f) => [f.name, f]));
  const apiBase = def.apiBase ?? 'core/api';
  return {
    name: def.name,
    route: def.route,
    resource: def.resource,
    apiBase,
    path: `/${apiBase}/${def.resource}`,
    table: snakeCase(def.name),
    label: def.label ?? 'id',
    labelKey: `entities.${def.name}.name`,
    paging: def.paging ?? 'pages',
    fields,
    field: (name) => byName.get(name),
    joined: def.joined ?? {},
    searchJoined: def.searchJoined ?? [],
    wordSearch: def.wordSearch ?? false,
    indexes: def.indexes ?? [],
    ...(def.dataClass ? { dataClass: def.dataClass } : {}),
  };
}

export interface JoinStep {
  /** The ref followed at this step, and the entity it leads to. */
  ref: Field;
  target: Entity;
}

/**
 * Resolves a joined path against the registry: the refs to follow and the field read at the end.
 * @example resolveJoinPath(cardOrder, 'bankAccountId.clientId.name', entityByName)
 */
export function resolveJoinPath(
  entity: Entity,
  path: string,
  lookup: (name: string) => Entity,
): { steps: JoinStep[]; field: Field } {
  const names = path.split('.');
  const steps: JoinStep[] = [];
  let current = entity;
  for (const name of names.slice(0, -1)) {
    const ref = current.field(name);
    if (!ref || ref.kind !== 'ref') throw new Error(`${entity.name}: "${path}" does not follow a ref at "${name}"`);
    current = lookup(ref.ref!);
    steps.push({ ref, target: current });
  }
  const field = current.field(names.at(-1)!);
  if (!field || field.kind === 'refs' || field.kind === 'secret') {
    throw new Error(`${entity.name}: "${path}" does not end in a readable field`);
  }
  return { steps, field };
}

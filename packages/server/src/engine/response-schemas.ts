// Response schemas of the entity routes, derived from the declarations: Fastify compiles them into
// serialisers (fast-json-stringify), cheaper per row than JSON.stringify. They describe what the
// engine reads (columns.ts), in the same key order, so the JSON is byte for byte what it was.
// Every value may be null, a type that does not fit throws (a 500, never a wrong value), and
// properties the schema does not name are still sent (additionalProperties).
import { entityByName, resolveJoinPath, type Entity, type Field, type FieldKind } from '@bank/domain';

type JsonSchema = Record<string, unknown>;
type Properties = Array<[string, JsonSchema]>;

const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra });
const one =
  (schema: JsonSchema) =>
  (field: Field): Properties => [[field.name, schema]];

const ID_OBJECT = { type: 'object', additionalProperties: true, properties: { id: { type: 'integer' } } };

/** The JSON properties each kind reads into, as FIELD_IO selects them (numeric travels as exact text). */
const READ_SCHEMA = {
  text: one(nullable('string')),
  longText: one(nullable('string')),
  email: one(nullable('string')),
  phone: one(nullable('string')),
  rib: one(nullable('string')),
  secret: () => [],
  int: one(nullable('integer')),
  decimal: one(nullable('string')),
  money: one(nullable('string')),
  bool: one(nullable('boolean')),
  date: one(nullable('string', { format: 'date' })),
  dateTime: one(nullable('string', { format: 'date-time' })),
  enum: one(nullable('string')),
  ref: (field) => [
    [field.name, field.refShape === 'object' ? { ...ID_OBJECT, type: ['object', 'null'] } : nullable('integer')],
  ],
  // Attached after the row is read (one query per page), hence last in the row.
  refs: () => [],
  image: (field) => [
    [field.name, nullable('string')],
    [`${field.name}ContentType`, nullable('string')],
  ],
} as const satisfies Record<FieldKind, (field: Field) => Properties>;

const LINKS = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: true,
    properties: { id: { type: 'integer' }, label: nullable('string') },
  },
};

const rowSchemas = new Map<string, JsonSchema>();
/** Which entity a row schema is of: a route answering rows of a client's data is on record (access-log.ts). */
const schemaEntities = new WeakMap<object, string>();

/** One row of `entity` as the engine answers it: id, version, own fields, joined fields, many-to-many lists. */
export function rowSchema(entity: Entity): JsonSchema {
  let schema = rowSchemas.get(entity.name);
  if (schema) return schema;
  const properties: Properties = [
    ['id', { type: 'integer' }],
    ['version', { type: 'integer' }],
    ...entity.fields.flatMap((field) => READ_SCHEMA[field.kind](field)),
    ...Object.entries(entity.joined).flatMap(([name, path]) => {
      const { field } = resolveJoinPath(entity, path, entityByName);
      return READ_SCHEMA[field.kind]({ ...field, name, refShape: 'id' });
    }),
    ...entity.fields.filter((field) => field.kind === 'refs').map((field): [string, JsonSchema] => [field.name, LINKS]),
  ];
  schema = { type: 'object', additionalProperties: true, properties: Object.fromEntries(properties) };
  rowSchemas.set(entity.name, schema);
  schemaEntities.set(schema, entity.name);
  return schema;
}

/** `schema.response` of a route answering one row of `entity` (`status` 200, or 201 for a create). */
export const rowResponse = (entity: Entity, status = 200) => ({ [status]: rowSchema(entity) });

/** `schema.response` of a route answering a list (a page) of rows of `entity`. */
export const rowsResponse = (entity: Entity) => ({ 200: { type: 'array', items: rowSchema(entity) } });

/**
 * The entity whose rows (or row) a route's 200 answer carries, when its schema is one of these.
 * @example rowsEntityOf(route.schema?.response) // 'client' for GET core/api/clients
 */
export function rowsEntityOf(response: unknown): string | undefined {
  const ok = (response as Record<string, unknown> | undefined)?.[200] as JsonSchema | undefined;
  if (!ok || typeof ok !== 'object') return undefined;
  const items = (ok as { items?: unknown }).items;
  return schemaEntities.get(ok) ?? (items && typeof items === 'object' ? schemaEntities.get(items) : undefined);
}

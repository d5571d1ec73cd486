// A test entity with one field of every kind: the registry tests walk it, so a new kind is covered.
import { FIELD_KINDS, normalizeEntity, type FieldDef, type FieldKind } from '@bank/domain';

/** What a kind needs besides itself to be a valid field. */
const EXTRA: Partial<Record<FieldKind, Partial<FieldDef>>> = {
  enum: { enum: 'demandStatus' },
  ref: { ref: 'branch' },
  refs: { ref: 'serenityServices' },
};

export const probe = normalizeEntity({
  name: 'probe',
  route: 'probe',
  resource: 'probes',
  fields: Object.fromEntries(FIELD_KINDS.map((kind) => [kind, { kind, ...EXTRA[kind] } as FieldDef])),
});

export const probeField = (kind: FieldKind) => probe.field(kind)!;

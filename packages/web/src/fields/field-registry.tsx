// The field registry: per kind, its list cell, its detail value and whether its column sorts; its form
// input is in field-inputs.tsx. Generic screens render any field through them; a new kind is one entry in each.
import type { Field, FieldKind } from '@bank/domain';
import type { ComponentType } from 'react';
import {
  BoolCell,
  DateCell,
  DateTimeCell,
  EnumCell,
  ImageCell,
  MoneyCell,
  NumberCell,
  RefCell,
  RefDisplay,
  RefsCell,
  RefsDisplay,
  SecretCell,
  SecretDisplay,
  TextCell,
  TextDisplay,
} from './cells';
import type { ValueProps } from './types';

export interface FieldView {
  Cell: ComponentType<ValueProps>;
  Display: ComponentType<ValueProps>;
  /** The server sorts on it (not on join tables, pictures or secrets). */
  sortable: boolean;
  /** It has a list column (a secret has nothing to show). */
  column: boolean;
}

const view = (Cell: ComponentType<ValueProps>, options: Partial<Omit<FieldView, 'Cell'>> = {}): FieldView => ({
  Cell,
  Display: Cell,
  sortable: true,
  column: true,
  ...options,
});

export const FIELD_REGISTRY = {
  text: view(TextCell, { Display: TextDisplay }),
  longText: view(TextCell, { Display: TextDisplay }),
  email: view(TextCell, { Display: TextDisplay }),
  phone: view(TextCell, { Display: TextDisplay }),
  rib: view(TextCell, { Display: TextDisplay }),
  secret: view(SecretCell, { Display: SecretDisplay, sortable: false, column: false }),
  int: view(NumberCell),
  decimal: view(NumberCell),
  money: view(MoneyCell),
  bool: view(BoolCell),
  date: view(DateCell),
  dateTime: view(DateTimeCell),
  enum: view(EnumCell),
  ref: view(RefCell, { Display: RefDisplay }),
  refs: view(RefsCell, { Display: RefsDisplay, sortable: false }),
  image: view(ImageCell, { sortable: false }),
} as const satisfies Record<FieldKind, FieldView>;

/** The view of any field. */
export const fieldView = (field: Field): FieldView => FIELD_REGISTRY[field.kind];

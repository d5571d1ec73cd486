// The field registry: per kind, its list cell, its detail value and its form input, and whether its
// column sorts. Generic screens render any field through it; a new kind is one entry here.
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
import { ImageInput } from './ImageInput';
import {
  BoolInput,
  DateInput,
  DateTimeInput,
  EnumInput,
  LongTextInput,
  numberInput,
  SecretInput,
  textInput,
} from './inputs';
import { RefSelect } from './RefSelect';
import { RefsSelect } from './RefsSelect';
import type { FormValue, FormValueByKind, InputProps, ValueProps } from './types';

export interface FieldView<V> {
  Cell: ComponentType<ValueProps>;
  Display: ComponentType<ValueProps>;
  Input: ComponentType<InputProps<V>>;
  /** The server sorts on it (not on join tables, pictures or secrets). */
  sortable: boolean;
  /** It has a list column (a secret has nothing to show). */
  column: boolean;
}

const view = <V,>(
  Input: ComponentType<InputProps<V>>,
  Cell: ComponentType<ValueProps>,
  options: Partial<Omit<FieldView<V>, 'Input' | 'Cell'>> = {},
): FieldView<V> => ({ Input, Cell, Display: Cell, sortable: true, column: true, ...options });

const PlainText = textInput('text');

export const FIELD_REGISTRY = {
  text: view(PlainText, TextCell, { Display: TextDisplay }),
  longText: view(LongTextInput, TextCell, { Display: TextDisplay }),
  email: view(textInput('email'), TextCell, { Display: TextDisplay }),
  phone: view(textInput('tel'), TextCell, { Display: TextDisplay }),
  rib: view(PlainText, TextCell, { Display: TextDisplay }),
  secret: view(SecretInput, SecretCell, { Display: SecretDisplay, sortable: false, column: false }),
  int: view(numberInput('numeric'), NumberCell),
  decimal: view(numberInput('decimal'), NumberCell),
  money: view(numberInput('decimal'), MoneyCell),
  bool: view(BoolInput, BoolCell),
  date: view(DateInput, DateCell),
  dateTime: view(DateTimeInput, DateTimeCell),
  enum: view(EnumInput, EnumCell),
  ref: view(RefSelect, RefCell, { Display: RefDisplay }),
  refs: view(RefsSelect, RefsCell, { Display: RefsDisplay, sortable: false }),
  image: view(ImageInput, ImageCell, { sortable: false }),
} as const satisfies { [K in FieldKind]: FieldView<FormValueByKind[K]> };

/** The view of any field; the table pairs each kind's Input with its own value type, the form holds them all. */
export const fieldView = (field: Field) => FIELD_REGISTRY[field.kind] as FieldView<FormValue>;

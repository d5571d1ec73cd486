// The form input of each field kind, apart from the field registry's cells so that lists and detail
// pages do not load the inputs (selects, switches, file pickers and the positioning under them).
import type { FieldKind } from '@bank/domain';
import type { ComponentType } from 'react';
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
import type { FormValue, FormValueByKind, InputProps } from './types';

const PlainText = textInput('text');

export const FIELD_INPUTS = {
  text: PlainText,
  longText: LongTextInput,
  email: textInput('email'),
  phone: textInput('tel'),
  rib: PlainText,
  secret: SecretInput,
  int: numberInput('numeric'),
  decimal: numberInput('decimal'),
  money: numberInput('numeric', 'XOF'),
  bool: BoolInput,
  date: DateInput,
  dateTime: DateTimeInput,
  enum: EnumInput,
  ref: RefSelect,
  refs: RefsSelect,
  image: ImageInput,
} as const satisfies { [K in FieldKind]: ComponentType<InputProps<FormValueByKind[K]>> };

/**
 * The input of any field, by its kind; the table pairs each kind's input with its own value type, the form holds them all.
 * @example <FieldInput field={field} value={value} onChange={setValue} label={label} />
 */
export function FieldInput(props: InputProps<FormValue>) {
  const Input = FIELD_INPUTS[props.field.kind] as ComponentType<InputProps<FormValue>>;
  return <Input {...props} />;
}

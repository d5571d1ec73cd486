// The value each field kind holds while a form edits it, and the props every registry piece takes.
// Form values stay close to what the user typed (exact strings for amounts); codecs turn them into JSON.
import type { Field, FieldKind } from '@bank/domain';
import type { EntityRow } from '../api/entities';

/** A linked row in a many-to-many list (the API sends `{ id, label }`, takes `{ id }`). */
export interface RefItem {
  id: number;
  label?: string | null;
}

/** A picture as the API carries it: base64 bytes and their content type. */
export interface ImageValue {
  data: string;
  contentType: string;
}

export interface FormValueByKind {
  text: string;
  longText: string;
  email: string;
  phone: string;
  rib: string;
  secret: string;
  int: string;
  decimal: string;
  money: string;
  bool: boolean;
  date: string;
  /** Local 'YYYY-MM-DD HH:mm'. */
  dateTime: string;
  enum: string | null;
  ref: number | null;
  refs: RefItem[];
  image: ImageValue | null;
}

export type FormValue = FormValueByKind[FieldKind];
export type FormValues = Record<string, FormValue>;

/** A message as an i18n key and its values: translated where it is shown. */
export interface Message {
  key: string;
  values?: Record<string, unknown>;
}

/** A list cell or a detail value: the row's value of one field. */
export interface ValueProps {
  field: Field;
  value: unknown;
  row: EntityRow;
}

/** One form input; `label` and `error` come translated from the form. */
export interface InputProps<V> {
  field: Field;
  value: V;
  onChange(value: V): void;
  label: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}

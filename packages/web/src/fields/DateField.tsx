// A date or date-time input that reads DD/MM/YYYY and speaks the app's language whatever the browser's
// locale (a native date input follows the browser: mm/dd/yyyy in an English Chromium). Mantine's date
// pickers come in their own chunk on first use (date-pickers.tsx), so a page without dates never loads them.
import { formatDate, formatDateTime } from '@bank/domain';
import { TextInput } from '@mantine/core';
import { Suspense } from 'react';
import { lazyComponent } from '../app/lazy-group';

const DatePicker = lazyComponent(() => import('./date-pickers').then((module) => module.DatePicker));

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm' with `withTime` (what the forms and filters keep); '' when empty. */
  value: string;
  onChange(value: string): void;
  withTime?: boolean;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  /** Widths as Mantine's style props. */
  w?: number;
  maw?: number;
}

/**
 * @example <DateField label={t('money.filters.date')} value={draft.date} onChange={(date) => set('date', date)} />
 */
export function DateField(props: DateFieldProps) {
  const shown = props.value === '' ? '' : (props.withTime ? formatDateTime : formatDate)(props.value);
  return (
    // While the pickers load, the same box shows the value, not yet editable.
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          value={shown}
          required={props.required}
          w={props.w}
          maw={props.maw}
          disabled
          readOnly
        />
      }
    >
      <DatePicker {...props} />
    </Suspense>
  );
}

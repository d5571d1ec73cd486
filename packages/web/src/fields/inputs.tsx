// Form inputs of the plain kinds: texts, numbers kept as exact text, switches, dates, enums, secrets.
import { ENUMS } from '@bank/domain';
import { PasswordInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from './DateField';
import type { InputProps } from './types';

type TextType = 'text' | 'email' | 'tel';

/** A one-line text input; the browser stops at the field's maximum length. */
export function textInput(type: TextType) {
  function KindTextInput({ field, value, onChange, label, error, required, disabled }: InputProps<string>) {
    return (
      <TextInput
        type={type}
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        required={required}
        disabled={disabled}
        maxLength={field.maxLength}
        // Short codes get a short box: its width says what is expected.
        maw={field.maxLength !== undefined && field.maxLength <= 40 ? 360 : undefined}
        autoComplete="off"
      />
    );
  }
  return KindTextInput;
}

export function LongTextInput({ field, value, onChange, label, error, required, disabled }: InputProps<string>) {
  return (
    <Textarea
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required={required}
      disabled={disabled}
      maxLength={field.maxLength}
      autosize
      minRows={3}
      maxRows={10}
    />
  );
}

/**
 * Numbers are typed as text so that amounts stay exact; validation names what is not a number. An amount
 * says its currency beside the digits, as every screen shows it.
 */
export function numberInput(mode: 'numeric' | 'decimal', currency?: 'XOF') {
  function KindNumberInput({ value, onChange, label, error, required, disabled }: InputProps<string>) {
    return (
      <TextInput
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        required={required}
        disabled={disabled}
        inputMode={mode}
        maw={260}
        autoComplete="off"
        rightSection={currency}
        rightSectionWidth={currency ? 48 : undefined}
        rightSectionPointerEvents="none"
        styles={{ input: { fontVariantNumeric: 'tabular-nums' }, section: { color: 'var(--mantine-color-text)' } }}
      />
    );
  }
  return KindNumberInput;
}

export function BoolInput({ value, onChange, label, error, disabled }: InputProps<boolean>) {
  return (
    <Switch
      label={label}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
      disabled={disabled}
      py={4}
    />
  );
}

export function DateInput({ value, onChange, label, error, required, disabled }: InputProps<string>) {
  return (
    <DateField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
      disabled={disabled}
      maw={220}
    />
  );
}

/** The form keeps 'YYYY-MM-DD HH:mm' (spec part 1 §5), the local time the codec turns into an instant. */
export function DateTimeInput({ value, onChange, label, error, required, disabled }: InputProps<string>) {
  return (
    <DateField
      withTime
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
      disabled={disabled}
      maw={260}
    />
  );
}

/** The enum's values translated; a field may offer fewer (formValues), plus the current one if it is not among them. */
export function EnumInput({ field, value, onChange, label, error, required, disabled }: InputProps<string | null>) {
  const { t } = useTranslation();
  const offered: readonly string[] = field.formValues ?? ENUMS[field.enum!].values;
  const values = value !== null && !offered.includes(value) ? [...offered, value] : offered;
  return (
    <Select
      label={label}
      data={values.map((v) => ({ value: v, label: t(`enums.${field.enum}.${v}`, { defaultValue: v }) }))}
      value={value}
      onChange={(next) => onChange(next)}
      error={error}
      required={required}
      disabled={disabled}
      clearable={!required}
      allowDeselect={false}
      maw={360}
    />
  );
}

/** Never filled in: the API does not return secrets, and an empty input keeps the stored one. */
export function SecretInput({ field, value, onChange, label, error, disabled }: InputProps<string>) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={label}
      description={t('entity.form.secretHint')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={disabled}
      maxLength={field.maxLength}
      autoComplete="new-password"
      maw={360}
    />
  );
}

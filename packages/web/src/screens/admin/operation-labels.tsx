// The operations screens' own codes, worded (issue 22: no code shown alone): the data an audit event
// carries and the details of a health component, each named by its label with the code kept in the
// tooltip for IT. The lists are what the server writes (recordAudit calls, management/health), walked
// by the enumeration-labels test in both languages; a code not listed still shows, as itself.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const AUDIT_DATA_FIELDS = [
  'ip',
  'session',
  'method',
  'reason',
  'attempts',
  'rememberMe',
  'login',
  'previousLogin',
  'activated',
  'authorities',
  'by',
  'sessions',
  'logger',
  'level',
  'replaced',
  'found',
  'fields',
  'detail',
  'groups',
] as const;

/** The audit data values that are codes rather than facts (a sign-in's method, a refusal's reason). */
export const AUDIT_DATA_VALUES = {
  method: ['oidc', 'totp', 'password'],
  reason: [
    'bad-credentials',
    'not-activated',
    'bad-otp',
    'bad-handoff-code',
    'no-flow-cookie',
    'no-mapped-group',
    'no-usable-preferred-username',
    'directory-error',
    'directory-unavailable',
    'expired',
    'localAccount',
    'notActivated',
  ],
} as const satisfies Record<string, readonly string[]>;

export const HEALTH_INDICATORS = ['db', 'diskSpace', 'mail'] as const;
export const HEALTH_DETAILS = [
  'database',
  'latencyMs',
  'error',
  'path',
  'total',
  'free',
  'threshold',
  'mode',
  'server',
] as const;
export const MAIL_MODES = ['outbox', 'smtp'] as const;

const BYTES = new Set(['total', 'free', 'threshold']);
const isListed = (list: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && list.includes(value);

/** One fact of a list: its label in bold, then its value; the code and raw value in the tooltip. */
function Fact({ code, label, raw, children }: { code: string; label: string; raw: unknown; children: string }) {
  return (
    <Text size="sm" title={`${code}=${typeof raw === 'object' ? JSON.stringify(raw) : String(raw)}`}>
      <Text span fw={600} inherit>
        {label}
      </Text>{' '}
      <span style={{ overflowWrap: 'anywhere' }}>{children}</span>
    </Text>
  );
}

/** An audit event's data (`{ ip, reason, … }`), a labelled fact per line. */
export function AuditData({ data }: { data: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  const value = (name: string, raw: unknown): string => {
    if (typeof raw === 'boolean') return t(raw ? 'entity.value.yes' : 'entity.value.no');
    if (name === 'authorities' && typeof raw === 'string')
      return raw
        .split(',')
        .filter(Boolean)
        .map((role) => t(`roles.${role}`, { defaultValue: role }))
        .join(', ');
    const codes: readonly string[] | undefined = (AUDIT_DATA_VALUES as Record<string, readonly string[]>)[name];
    if (codes && isListed(codes, raw)) return t(`admin.audits.values.${name}.${raw}`);
    return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  };
  const facts = Object.entries(data ?? {}).filter(([, raw]) => raw !== null && raw !== undefined && raw !== '');
  return (
    <Stack gap={0}>
      {facts.map(([name, raw]) => (
        <Fact
          key={name}
          code={name}
          raw={raw}
          label={isListed(AUDIT_DATA_FIELDS, name) ? t(`admin.audits.fields.${name}`) : name}
        >
          {value(name, raw)}
        </Fact>
      ))}
    </Stack>
  );
}

/** A health component's details (`{ database, latencyMs }`, `{ path, free, … }`), a labelled fact per line, sizes in GB or MB. */
export function HealthDetails({ details }: { details: Record<string, unknown> | undefined }) {
  const { t, i18n } = useTranslation();
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return <Text c="dimmed">{t('health.none')}</Text>;
  /** A size in GB from 1 GB, else in MB (the disk threshold is 10 MB by default). */
  const size = (bytes: number) => {
    const unit = bytes >= 1024 ** 3 ? 'gigabyte' : 'megabyte';
    const format = new Intl.NumberFormat(i18n.language, { style: 'unit', unit, maximumFractionDigits: 1 });
    return format.format(bytes / (unit === 'gigabyte' ? 1024 ** 3 : 1024 ** 2));
  };
  const value = (name: string, raw: unknown): string => {
    if (BYTES.has(name) && typeof raw === 'number') return size(raw);
    if (name === 'mode' && isListed(MAIL_MODES, raw)) return t(`health.mode.${raw}`);
    if (typeof raw === 'number') return raw.toLocaleString(i18n.language);
    return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  };
  return (
    <Stack gap={2}>
      {entries.map(([name, raw]) => (
        <Fact
          key={name}
          code={name}
          raw={raw}
          label={isListed(HEALTH_DETAILS, name) ? t(`health.detail.${name}`) : name}
        >
          {value(name, raw)}
        </Fact>
      ))}
    </Stack>
  );
}

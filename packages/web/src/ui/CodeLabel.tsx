// A code of the server's (a role, an audit event type, a language, another system's status) shown by its label
// in the user's language; the code itself stays in the tooltip, for IT.
import type { CodeList } from '@bank/domain';
import { useTranslation } from 'react-i18next';

export type CodeGroup = 'roles' | 'auditEvents' | 'language' | `codes.${CodeList}`;

export function CodeLabel({ group, code }: { group: CodeGroup; code: string }) {
  const { t } = useTranslation();
  return <span title={code}>{t(`${group}.${code}`, { defaultValue: code })}</span>;
}

// A code of the server's (a role, an audit event type, a language) shown by its label in the user's language; the
// code itself stays in the tooltip, for IT.
import { useTranslation } from 'react-i18next';

export type CodeGroup = 'roles' | 'auditEvents' | 'language';

export function CodeLabel({ group, code }: { group: CodeGroup; code: string }) {
  const { t } = useTranslation();
  return <span title={code}>{t(`${group}.${code}`, { defaultValue: code })}</span>;
}

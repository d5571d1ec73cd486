// /admin/docs (spec part 1 section 2.2): when the swagger profile is on, the OpenAPI paths grouped by their
// first tag or path prefix, with methods and summaries; otherwise a note that the documentation is off.
import { Accordion, Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../api/management';
import { openApiQuery } from '../../api/operations';
import type { OpenApiDocument } from '../../api/types';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const COLOURS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', patch: 'grape', delete: 'red' };

interface Operation {
  method: string;
  path: string;
  summary: string;
}

/** Groups by the operation's first tag, else the path's first two segments (`/core/api/clients` → core/api). */
export function groupOperations(doc: OpenApiDocument): [string, Operation[]][] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const group = op.tags?.[0] ?? path.split('/').slice(1, 3).join('/');
      groups.set(group, [...(groups.get(group) ?? []), { method, path, summary: op.summary ?? '' }]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function DocsPage() {
  const { t } = useTranslation();
  const enabled = useQuery(profileQuery()).data?.isSwaggerEnabled === true;
  const doc = useQuery({ ...openApiQuery(), enabled });
  return (
    <Stack>
      <PageTitle>{t('admin.docs.title')}</PageTitle>
      {!enabled && <Alert color="gray">{t('admin.docs.disabled')}</Alert>}
      {enabled && doc.isPending && <PageLoader />}
      {doc.data && (
        <Accordion multiple variant="separated">
          {groupOperations(doc.data).map(([group, operations]) => (
            <Accordion.Item key={group} value={group}>
              <Accordion.Control>{`${group} (${operations.length})`}</Accordion.Control>
              <Accordion.Panel>
                {operations.map((op) => (
                  <Group key={`${op.method} ${op.path}`} gap="xs" wrap="nowrap">
                    <Badge w={70} color={COLOURS[op.method]}>
                      {op.method}
                    </Badge>
                    <Text ff="monospace" size="sm">
                      {op.path}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {op.summary}
                    </Text>
                  </Group>
                ))}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

// The parts around a list's table: the search box, the layout controls (rows per page, density, columns),
// the loading / error / empty states, the count, the page buttons (at most five) and, for infinite lists,
// the loader at the bottom.
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  NativeSelect,
  Pagination,
  type PaginationProps,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DENSITIES, PAGE_SIZES, type Density, type ListLayout } from './list-layout';
import { pageWindow } from './list-url';
import { MAX_FILTER_NAME, useSavedFilters } from './saved-filters';
import classes from './ListParts.module.css';
import { LoadingText } from './LoadingText';
import type { EntityList } from './use-entity-list';

export function ListSearch({ list }: { list: EntityList }) {
  const { t } = useTranslation();
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        list.submitSearch();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          flex={1}
          maw={520}
          data-list-filter
          label={t('entity.list.searchLabel', { entity: t(list.entity.labelKey) })}
          placeholder={t('entity.list.searchPlaceholder')}
          value={list.draft}
          onChange={(event) => list.setDraft(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <Button type="submit" disabled={list.draft.trim() === '' && list.search === ''}>
          {t('entity.action.search')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={list.clearSearch}
          disabled={list.draft === '' && list.search === ''}
        >
          {t('entity.action.clear')}
        </Button>
      </Group>
    </form>
  );
}

/** 'Loading...', the failure with a retry, or the empty state; null once rows are there. */
export function ListState({ list }: { list: EntityList }) {
  const { t } = useTranslation();
  if (list.isLoading) return <LoadingText />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light" title={t('entity.list.error')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={list.retry}>
          {t('entity.action.retry')}
        </Button>
      </Alert>
    );
  }
  if (list.rows.length === 0) {
    return (
      <Alert color="gray" variant="light" data-testid="entity-empty">
        {list.search ? t('entity.list.noMatch', { search: list.search }) : t('entity.list.empty')}
      </Alert>
    );
  }
  return null;
}

function Count({ list }: { list: EntityList }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const first = list.entity.paging === 'pages' ? (list.page - 1) * list.pageSize + 1 : 1;
  const last = first + list.rows.length - 1;
  return (
    <Text size="sm" c="dimmed" data-testid="entity-count" aria-live="polite">
      {list.entity.paging === 'none'
        ? t('entity.list.countAll', { total: n(list.total), count: list.total })
        : t(list.exact ? 'entity.list.count' : 'entity.list.countAtLeast', {
            first: n(first),
            last: n(last),
            total: n(list.total),
            count: list.total,
          })}
    </Text>
  );
}

/** Mantine's numbered pagination with every control named: its arrows are icons only (WCAG 4.1.2). */
export function NamedPagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      aria-label={t('entity.list.pagination')}
      getItemProps={(page) => ({ 'aria-label': t('entity.list.page', { page }) })}
      getControlProps={(control) => ({ 'aria-label': t(`entity.list.${control}Page`) })}
      {...props}
    />
  );
}

/** At most five page buttons around the active page, with first, previous, next and last. */
export function Pages({ list }: { list: Pick<EntityList, 'page' | 'pageCount' | 'setPage'> }) {
  const { t } = useTranslation();
  if (list.pageCount <= 1) return null;
  return (
    <Pagination.Root total={list.pageCount} value={Math.min(list.page, list.pageCount)} onChange={list.setPage}>
      <Group gap={6} component="nav" aria-label={t('entity.list.pagination')}>
        <Pagination.First aria-label={t('entity.list.firstPage')} />
        <Pagination.Previous aria-label={t('entity.list.previousPage')} />
        {pageWindow(list.page, list.pageCount).map((page) => (
          <Pagination.Control
            key={page}
            active={page === list.page}
            onClick={() => list.setPage(page)}
            aria-current={page === list.page ? 'page' : undefined}
            aria-label={t('entity.list.page', { page })}
          >
            {page}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t('entity.list.nextPage')} />
        <Pagination.Last aria-label={t('entity.list.lastPage')} />
      </Group>
    </Pagination.Root>
  );
}

/** Infinite lists: the next page comes when this reaches the screen; the button does the same by keyboard. */
function MoreRows({ list }: { list: EntityList }) {
  const { t } = useTranslation();
  const { ref, inViewport } = useInViewport();
  const { hasMore, isLoadingMore, loadMore } = list;
  useEffect(() => {
    if (inViewport && hasMore && !isLoadingMore) loadMore();
  }, [inViewport, hasMore, isLoadingMore, loadMore]);
  if (!hasMore) return null;
  return (
    <Center ref={ref} py="sm">
      <Button variant="subtle" onClick={loadMore} loading={isLoadingMore}>
        {t('entity.action.loadMore')}
      </Button>
    </Center>
  );
}

export function ListFooter({ list }: { list: EntityList }) {
  if (list.rows.length === 0) return null;
  return (
    <Stack gap="xs" align="center">
      {list.entity.paging === 'pages' && <Pages list={list} />}
      {list.entity.paging === 'infinite' && <MoreRows list={list} />}
      <Count list={list} />
    </Stack>
  );
}

/** A column the user may hide: its id (remembered) and its heading. */
export interface ChoosableColumn {
  id: string;
  label: string;
}

/**
 * Rows per page (paged lists), density and, when given, the columns shown, as the user last chose them.
 * The column chooser is a native disclosure: no floating layer for the lists' bundle to load.
 */
export function ListLayoutControls({
  layout,
  columns = [],
  paged = true,
}: {
  layout: ListLayout;
  columns?: readonly ChoosableColumn[];
  paged?: boolean;
}) {
  const { t } = useTranslation();
  const shown = columns.filter((column) => !layout.hidden.has(column.id)).length;
  return (
    <Group gap="md" align="flex-end" data-testid="list-layout">
      {paged && (
        <NativeSelect
          size="xs"
          label={t('entity.list.layout.pageSize')}
          data={PAGE_SIZES.map(String)}
          value={String(layout.pageSize)}
          onChange={(event) => layout.setPageSize(Number(event.currentTarget.value))}
        />
      )}
      <NativeSelect
        size="xs"
        label={t('entity.list.layout.density')}
        data={DENSITIES.map((density) => ({ value: density, label: t(`entity.list.layout.${density}`) }))}
        value={layout.density}
        onChange={(event) => layout.setDensity(event.currentTarget.value as Density)}
      />
      {columns.length > 0 && (
        <details className={classes.columns}>
          <summary>{t('entity.list.layout.columns', { shown, count: columns.length })}</summary>
          <Stack gap={6} className={classes.columnList}>
            {columns.map((column) => (
              <Checkbox
                key={column.id}
                size="xs"
                label={column.label}
                checked={!layout.hidden.has(column.id)}
                // The last column shown stays: a table without columns would show nothing.
                disabled={shown === 1 && !layout.hidden.has(column.id)}
                onChange={(event) => layout.setHidden(column.id, !event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </details>
      )}
    </Group>
  );
}

/** The user's saved filters of list `name`: each applies in one click or is deleted; the current address is saved under a name. */
export function SavedFilters({ name }: { name: string }) {
  const { t } = useTranslation();
  const saved = useSavedFilters(name);
  const [draft, setDraft] = useState('');
  return (
    <Group gap="xs" align="flex-end" data-testid="saved-filters">
      {saved.items.length > 0 && (
        <Group gap={6} role="group" aria-label={t('entity.list.saved.label')}>
          {saved.items.map((item) => (
            <Group key={item.name} gap={0} wrap="nowrap">
              <Button
                size="xs"
                variant={saved.active === item.name ? 'filled' : 'light'}
                aria-pressed={saved.active === item.name}
                onClick={() => saved.apply(item)}
              >
                {item.name}
              </Button>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('entity.list.saved.delete', { name: item.name })}
                title={t('entity.list.saved.delete', { name: item.name })}
                onClick={() => saved.remove(item.name)}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Group>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          saved.save(draft.trim());
          setDraft('');
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            size="xs"
            label={t('entity.list.saved.name')}
            maxLength={MAX_FILTER_NAME}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <Button size="xs" variant="default" type="submit" disabled={draft.trim() === '' || saved.full}>
            {t('entity.list.saved.save')}
          </Button>
        </Group>
      </form>
    </Group>
  );
}

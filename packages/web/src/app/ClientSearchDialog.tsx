// The client search dialog (ClientSearch.tsx opens it): as staff type a code, a name, an account number
// or an IBAN, the matching clients show under the box (each keystroke waits for a pause), the first one
// selected; arrows move, Enter or a click opens the client file. The box controls the listbox
// (aria-activedescendant), so a screen reader follows the selection.
import { Alert, Combobox, Group, Loader, Modal, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clientQueries, type ClientMatch } from '../api/clients';
import { moneyPaths } from '../screens/money/money-paths';
import { ThemeProvider } from './ThemeProvider';

/** How long typing must pause before the search is sent. */
const DEBOUNCE_MS = 250;

function SearchBox({ onOpenClient }: { onOpenClient: (clientId: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [wanted] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const results = useQuery(clientQueries.quickSearch(wanted));
  // The options' look and submission; which one is selected is this box's state, drawn declaratively.
  const combobox = useCombobox();
  const listId = useId();
  const hintId = useId();
  const optionId = (match: ClientMatch) => `${listId}-${match.id}`;
  const matches = wanted === '' ? [] : (results.data ?? []);
  // The option the arrows moved to, among the matches it was chosen from; else the first match.
  const [moved, setMoved] = useState<{ among: readonly ClientMatch[]; index: number } | null>(null);
  const active = matches.length === 0 ? -1 : moved?.among === matches ? moved.index : 0;
  const activeMatch = matches[active];
  const move = (event: KeyboardEvent<HTMLInputElement>, step: 1 | -1) => {
    event.preventDefault();
    if (matches.length > 0) setMoved({ among: matches, index: (active + step + matches.length) % matches.length });
  };
  // The matches are those of the text as it is now (typing on shows the previous ones until the next arrive).
  const current = wanted === text.trim() && results.isSuccess && !results.isPlaceholderData;
  return (
    <Combobox store={combobox} onOptionSubmit={onOpenClient}>
      <Stack gap="sm">
        {/* The box controls the list (the ARIA combobox pattern): the selection is read out as it moves. */}
        <TextInput
          data-autofocus
          label={t('clientSearch.label')}
          placeholder={t('clientSearch.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') move(event, 1);
            if (event.key === 'ArrowUp') move(event, -1);
            // Enter opens a match of the text as typed, never one of a shorter text still showing.
            if (event.key === 'Enter' && current && activeMatch) {
              event.preventDefault();
              onOpenClient(String(activeMatch.id));
            }
          }}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={matches.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeMatch ? optionId(activeMatch) : undefined}
          aria-describedby={hintId}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            results.isFetching ? <Loader size="xs" role="status" aria-label={t('global.messages.loading')} /> : null
          }
          autoComplete="off"
          data-testid="client-search-input"
        />
        <Text id={hintId} size="xs" c="dimmed">
          {t('clientSearch.hint')}
        </Text>
        {results.isError && <Alert color="red">{t('clientSearch.error')}</Alert>}
        <Combobox.Options id={listId} aria-label={t('clientSearch.results')} data-testid="client-search-results">
          {matches.map((match, index) => (
            <Combobox.Option
              key={match.id}
              id={optionId(match)}
              value={String(match.id)}
              selected={index === active}
              aria-selected={index === active}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text size="sm" fw={600}>
                    {match.name}
                  </Text>
                  {/* Not dimmed: the selected option is drawn light on the primary colour. */}
                  <Text size="xs">{match.clientCode}</Text>
                </div>
                <Text size="sm" ff="monospace">
                  {match.bankAccountNumber ?? t('clientSearch.noAccount')}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {current && wanted !== '' && matches.length === 0 && (
            <Combobox.Empty>{t('clientSearch.none')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Stack>
    </Combobox>
  );
}

export function ClientSearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A new box each time the dialog opens: it starts empty.
  const [round, setRound] = useState(0);
  return (
    <ThemeProvider>
      <Modal
        opened={opened}
        onClose={onClose}
        onExitTransitionEnd={() => setRound((n) => n + 1)}
        title={t('clientSearch.title')}
        size="lg"
        yOffset="10vh"
      >
        <SearchBox
          key={round}
          onOpenClient={(clientId) => {
            onClose();
            void navigate(moneyPaths.clientFile(Number(clientId)));
          }}
        />
      </Modal>
    </ThemeProvider>
  );
}

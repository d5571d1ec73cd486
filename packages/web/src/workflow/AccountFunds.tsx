// The money of the account a request moves: on a decision form its position (balance, held, available,
// overdraft); on a filing form what it can still give, with a warning before an amount it cannot (the
// save stays possible: the server decides, and says what is available).
import { entityByName, formatXof, moneyRequestOf, spendable, wholeXof, type Entity } from '@bank/domain';
import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityQueries } from '../api/entities';
import { codecOf } from '../fields/codecs';
import type { FormValues } from '../fields/types';

const bankAccount = entityByName('bankAccount');
const POSITION = ['balance', 'blockedAmount', 'availableAmount', 'authorizedAmount'] as const;

/**
 * What the account can give when `amount` is more than that (available plus authorised overdraft), else
 * null; null too for an amount that is not whole XOF yet (the form's validation names it).
 * @example fundsShortfall({ availableAmount: '1000.00', authorizedAmount: '0.00' }, '1500') === 1000n
 */
export function fundsShortfall(account: Record<string, unknown>, amount: unknown): bigint | null {
  const wanted = wholeXof(amount);
  const available = wholeXof(account.availableAmount ?? '0');
  const authorized = wholeXof(account.authorizedAmount ?? '0');
  if (wanted === null || available === null || authorized === null) return null;
  const most = spendable(available, authorized);
  return wanted > most ? most : null;
}

/** The account's row, read afresh: figures on a form about money must be the current ones. */
function useAccount(accountId: number | null) {
  return useQuery({
    ...entityQueries(bankAccount).get(accountId ?? 0),
    enabled: accountId !== null,
    refetchOnMount: 'always',
  });
}

/** A decision form's account: its balance, the amounts held on it, what is available and the overdraft. */
export function AccountPosition({ accountId }: { accountId: number | null }) {
  const { t } = useTranslation();
  const query = useAccount(accountId);
  const account = query.data;
  if (accountId === null || query.isError) return null;
  // Drawn at its full size while the account loads: the form and its buttons below do not move under a
  // click (a Retour aimed at under load landed where the button had been).
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={account ? 'account-position' : 'account-position-loading'}
      aria-busy={!account}
    >
      <Text size="sm" fw={600} mb="xs">
        {t('money.funds.title', { account: String(account?.bankAccountNumber ?? '') })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {POSITION.map((name) => (
          <div key={name} data-testid={account ? `position-${name}` : undefined}>
            <Text size="xs" c="dimmed" fw={600}>
              {t(bankAccount.field(name)!.labelKey)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {account ? formatXof(account[name] as string | null) : '…'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * A new transfer's or provision's form: what the chosen account has available, and a warning when the amount
 * typed is more than it can give; nothing for other entities or before an account is chosen.
 */
export function RequestFunds({ entity, values }: { entity: Entity; values: FormValues }) {
  const money = moneyRequestOf(entity.name);
  const accountId = money ? (values[money.account] as number | null) : null;
  const account = useAccount(accountId).data;
  const { t } = useTranslation();
  if (!money || !account) return null;
  const amountField = entity.field(money.amount)!;
  const amount = codecOf(amountField).write(amountField, values[money.amount]!)[money.amount];
  const shortfall = fundsShortfall(account, amount);
  return (
    <Stack gap="xs" data-testid="available-funds">
      <Text size="sm">
        {t('money.funds.available', {
          available: formatXof(account.availableAmount as string | null),
          authorized: formatXof((account.authorizedAmount as string | null) ?? '0'),
        })}
      </Text>
      {shortfall !== null && (
        <Alert color="yellow" variant="light" data-testid="funds-warning">
          {t('money.funds.exceeds', { spendable: formatXof(String(shortfall)) })}
        </Alert>
      )}
    </Stack>
  );
}

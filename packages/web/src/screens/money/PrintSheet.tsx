// One printable page (spec part 2 §2.3 'Détails virement', §2.5 'Détails transaction'): the bank's header
// with the page date, the title, a table of label and value; Imprimer and Retour on screen only.
import { formatDateTime } from '@bank/domain';
import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingText } from '../../engine/LoadingText';
import { Logo } from '../../ui/Logo';
import classes from './Print.module.css';

export interface PrintFact {
  label: string;
  value: ReactNode;
}

interface PrintSheetProps {
  title: string;
  facts: readonly PrintFact[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

export function PrintSheet({ title, facts, isLoading, isError }: PrintSheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Group className={classes.screenOnly} mb="md">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(-1)}
        >
          {t('manager.form.back')}
        </Button>
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={!facts}>
          {t('money.print.print')}
        </Button>
      </Group>
      <article className={classes.sheet} data-testid="print-sheet">
        <header className={classes.bankHeader}>
          <Group gap="sm">
            <Logo size={40} />
            <div>
              <Text fw={700} size="lg">
                {t('money.print.bank')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('money.print.service')}
              </Text>
            </div>
          </Group>
          <Text size="sm" data-testid="print-date">
            {t('money.print.date', { date: formatDateTime(new Date()) })}
          </Text>
        </header>
        <Title order={1} size="h3" mb="md">
          {title}
        </Title>
        {isLoading && <LoadingText />}
        {isError && <Alert color="red">{t('entity.detail.error')}</Alert>}
        {facts && (
          <table className={classes.facts}>
            <tbody>
              {facts.map((fact) => (
                <tr key={fact.label}>
                  <th scope="row">{fact.label}</th>
                  <td>{fact.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <footer className={classes.footer}>{t('money.print.footer')}</footer>
      </article>
    </>
  );
}

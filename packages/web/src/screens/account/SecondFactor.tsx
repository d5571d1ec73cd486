// The second factor on the security page (and, alone, on the enrolment page of a role that needs one):
// scan the QR code of the new secret (or type the key), confirm a code, keep the recovery codes, which
// are shown this once; later, remove it with a current code.
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateTotp, failureKeyOf, removeTotp, setupTotp } from '../../api/account';
import { mfaStatusKey, mfaStatusQuery } from '../../api/session';
import { LoadingText } from '../../engine/LoadingText';

/** The key in groups of four, as authenticator apps show and users type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function CodeForm(props: {
  label: string;
  submit: string;
  color?: string;
  pending: boolean;
  error: unknown;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(code.trim() === '');
    if (code.trim() !== '') props.onCode(code.trim());
  };
  const failure = missing ? t('security.mfa.codeRequired') : props.error ? t(failureKeyOf(props.error)) : null;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start">
        <TextInput
          label={props.label}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={failure}
          w={260}
        />
        <Button type="submit" mt={25} color={props.color} loading={props.pending}>
          {props.submit}
        </Button>
      </Group>
    </form>
  );
}

function RecoveryCodes({ codes, onKept }: { codes: string[]; onKept: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="recovery-codes">
      <Alert color="green" title={t('security.mfa.activated')}>
        {t('security.mfa.recoveryIntro')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={360} component="ol" spacing={4} p={0} style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('security.mfa.copied') : t('security.mfa.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={() => window.print()}>
          {t('security.mfa.print')}
        </Button>
        <Button onClick={onKept}>{t('security.mfa.kept')}</Button>
      </Group>
    </Stack>
  );
}

function Enrolment() {
  const { t } = useTranslation();
  const setup = useMutation({ mutationFn: setupTotp });
  const activate = useMutation({ mutationFn: activateTotp });
  const queryClient = useQueryClient();
  // Kept here until the user says they are kept: the status is asked again only then, since a
  // required enrolment's page gives way to the app as soon as the status says it is done.
  if (activate.data)
    return (
      <RecoveryCodes
        codes={activate.data.recoveryCodes}
        onKept={() => void queryClient.invalidateQueries({ queryKey: mfaStatusKey })}
      />
    );
  if (!setup.data)
    return (
      <Stack align="flex-start">
        <Text>{t('security.mfa.intro')}</Text>
        {setup.isError && <Alert color="red">{t(failureKeyOf(setup.error))}</Alert>}
        <Button loading={setup.isPending} onClick={() => setup.mutate()}>
          {t('security.mfa.start')}
        </Button>
      </Stack>
    );
  return (
    <Stack>
      <List type="ordered" spacing="md">
        <List.Item>
          <Stack gap="xs">
            <Text>{t('security.mfa.scan')}</Text>
            <Paper withBorder p="sm" w="fit-content" bg="white">
              <QRCodeSVG
                value={setup.data.otpauthUri}
                size={192}
                marginSize={2}
                title={t('security.mfa.qrTitle')}
                role="img"
                data-testid="totp-qr"
              />
            </Paper>
            <Text size="sm">{t('security.mfa.manual')}</Text>
            <Group gap="xs">
              <Code fz="md" data-testid="totp-secret">
                {grouped(setup.data.secret)}
              </Code>
              <CopyButton value={setup.data.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="subtle" onClick={copy}>
                    {copied ? t('security.mfa.copied') : t('security.mfa.copyKey')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </List.Item>
        <List.Item>
          <CodeForm
            label={t('security.mfa.confirmLabel')}
            submit={t('security.mfa.activate')}
            pending={activate.isPending}
            error={activate.error}
            onCode={(code) => activate.mutate(code)}
          />
        </List.Item>
      </List>
    </Stack>
  );
}

function Active({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: removeTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
  return (
    <Stack align="flex-start">
      <Group>
        <Badge color="green" variant="light">
          {t('security.mfa.on')}
        </Badge>
        <Text size="sm">{t('security.mfa.recoveryLeft', { count: recoveryCodesLeft })}</Text>
      </Group>
      <Text size="sm">{t('security.mfa.removeIntro')}</Text>
      <CodeForm
        label={t('security.mfa.removeLabel')}
        submit={t('security.mfa.remove')}
        color="red"
        pending={remove.isPending}
        error={remove.error}
        onCode={(code) => remove.mutate(code)}
      />
    </Stack>
  );
}

export function SecondFactor() {
  const { t } = useTranslation();
  const status = useQuery(mfaStatusQuery());
  return (
    <Stack component="section" aria-labelledby="second-factor-title" gap="sm">
      <Title order={2} size="h3" id="second-factor-title">
        {t('security.mfa.title')}
      </Title>
      {status.isPending && <LoadingText />}
      {status.isError && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {status.data && (status.data.totp ? <Active recoveryCodesLeft={status.data.recoveryCodesLeft} /> : <Enrolment />)}
    </Stack>
  );
}

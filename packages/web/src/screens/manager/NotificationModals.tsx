// The client file's two notification-user dialogs (spec part 1 §2.4, part 2 §2.2): 'Modification
// Email' (generic PUT of the serenity user) and the phone number with the five subscribed operations
// (the notification service). Both require their value.
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@bank/domain';
import { entityQueries } from '../../api/entities';
import { managerMutations, managerQueries, type NotificationSubscription } from '../../api/manager';
import { LoadingText } from '../../engine/LoadingText';

const OPERATIONS = ['paiement', 'retrait', 'salaire', 'versement', 'virement'] as const;
const serenityUser = entityByName('serenityUser');

interface ModalProps {
  userId: number;
  onClose(): void;
  onSaved(): void;
}

export function EmailModal({ userId, onClose, onSaved }: ModalProps) {
  const { t } = useTranslation();
  const loaded = useQuery({ ...entityQueries(serenityUser).get(userId), refetchOnMount: 'always' });
  const save = useMutation(managerMutations(useQueryClient()).saveSerenityUser());
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = email ?? String(loaded.data?.email ?? '');
  return (
    <Modal opened onClose={onClose} title={t('manager.clientFile.emailTitle')}>
      {loaded.isPending && <LoadingText />}
      {loaded.isError && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {loaded.data && (
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (!value.trim()) return setError(t('entity.validation.required'));
            await save.mutateAsync({ ...loaded.data, email: value.trim() });
            onSaved();
          }}
        >
          <Stack>
            <TextInput label={t('manager.clientFile.login')} value={String(loaded.data.login ?? '')} readOnly />
            <TextInput
              type="email"
              label={t('entities.serenityUser.fields.email')}
              required
              value={value}
              error={error}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('entity.action.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('entity.action.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function PhoneForm({ userId, initial, onClose, onSaved }: ModalProps & { initial: NotificationSubscription }) {
  const { t } = useTranslation();
  const save = useMutation(managerMutations(useQueryClient()).saveSubscription(userId));
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!values.phoneNumber.trim()) return setError(t('manager.clientFile.phoneRequired'));
        await save.mutateAsync({ ...values, phoneNumber: values.phoneNumber.trim() });
        onSaved();
      }}
    >
      <Stack>
        <TextInput
          type="tel"
          label={t('manager.clientFile.phone')}
          required
          value={values.phoneNumber}
          error={error}
          onChange={(event) => {
            setValues({ ...values, phoneNumber: event.currentTarget.value });
            setError(null);
          }}
        />
        {OPERATIONS.map((operation) => (
          <Checkbox
            key={operation}
            label={t(`manager.clientFile.operations.${operation}`)}
            checked={values[operation]}
            onChange={(event) => setValues({ ...values, [operation]: event.currentTarget.checked })}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('entity.action.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('entity.action.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PhoneModal(props: ModalProps) {
  const { t } = useTranslation();
  const loaded = useQuery({ ...managerQueries.subscription(props.userId), refetchOnMount: 'always' });
  return (
    <Modal opened onClose={props.onClose} title={t('manager.clientFile.phoneTitle')}>
      {loaded.isPending && <LoadingText />}
      {loaded.isError && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {loaded.data && <PhoneForm {...props} initial={loaded.data} />}
    </Modal>
  );
}

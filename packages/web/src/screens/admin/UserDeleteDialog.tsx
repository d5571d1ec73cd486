// /admin/user-management/{login}/delete (child of the list): the confirmation dialog → DELETE api/users/{login};
// closing or finishing goes back to the list. The signed-in administrator cannot delete themselves.
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { deleteUser, usersKey } from '../../api/users';
import { useIsSelf } from './use-user-save';

export function UserDeleteDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useParams().login ?? '';
  const self = useIsSelf(login);
  const close = () => void navigate('/admin/user-management');
  const remove = useMutation({
    mutationFn: () => deleteUser(login),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      close();
    },
  });

  return (
    <Modal opened onClose={close} title={t('admin.delete.title')} centered>
      {self ? (
        <Alert color="yellow">{t('userManagement.self.delete')}</Alert>
      ) : (
        <Text data-testid="user-delete-question">{t('userManagement.delete.question', { login })}</Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t('admin.action.cancel')}
        </Button>
        <Button
          color="red"
          disabled={self}
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          data-testid="user-delete-confirm"
        >
          {t('admin.action.delete')}
        </Button>
      </Group>
    </Modal>
  );
}

// Saving a user from the list (the activated toggle) or the form: PUT/POST api/users, then the user
// queries are refreshed; the server's alert header gives the toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveUser, usersKey } from '../../api/users';
import { useSession } from '../../auth/use-session';

export function useUserSave(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      onSaved?.();
    },
  });
}

/** The signed-in administrator's own row: no delete, no deactivation (the server refuses them too). */
export function useIsSelf(login: string | undefined): boolean {
  const { account } = useSession();
  return !!login && account?.login.toLowerCase() === login.toLowerCase();
}

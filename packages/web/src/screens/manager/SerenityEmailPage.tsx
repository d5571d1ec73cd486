// /entity/serenity-user/{id}/delete, /{id}/smsbanking and /view/manager/{id}/delete (spec part 2
// §2.2): the 'Modification Email' dialog over the staff client list; after saving, that list.
import { useNavigate } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useRouteId } from '../../engine/use-entity-route';
import { ClientListPage } from './ClientListPage';
import { EmailModal } from './NotificationModals';

export function SerenityEmailPage() {
  const navigate = useNavigate();
  const id = useRouteId();
  if (!id) return <NotFoundPage />;
  const back = () => void navigate('/entity/client/manager');
  return (
    <>
      <ClientListPage />
      <EmailModal userId={id} onClose={back} onSaved={back} />
    </>
  );
}

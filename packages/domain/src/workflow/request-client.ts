// Which client each request type is about: the ref path from the request to its client. The client
// file lists a client's requests of every type by following it (an index on each ref along the way).
import { resolveJoinPath, type Field, type JoinStep } from '../define';
import { entityByName } from '../entities';

/**
 * By request entity: a request filed on an account belongs to the account's client, one filed through
 * online banking to its user's client; a few name the client themselves. A test checks that every
 * workflow has one and that each ends at a ref to a client.
 */
const REQUEST_CLIENT_PATHS: Readonly<Record<string, string>> = {
  checkbookOrder: 'bankAccountId.clientId',
  cardOrder: 'bankAccountId.clientId',
  checkOpposition: 'bankAccountId.clientId',
  cardOpposition: 'bankAccountId.clientId',
  beneficiary: 'serenityUserId.clientId',
  transfer: 'bankAccountId.clientId',
  subsRequest: 'serenityUserId.clientId',
  smsSubscription: 'clientId',
  beneficiaryCash: 'clientId',
  provisionCash: 'bankAccountId.clientId',
  ledgerCorrection: 'bankAccountId.clientId',
};

/**
 * The refs from a request to its client: the steps through linked rows, and the ref to the client at the end.
 * @example requestClientPath('cardOrder') // steps: [bankAccountId → bankAccount], clientRef: bankAccount.clientId
 */
export function requestClientPath(entity: string): { steps: JoinStep[]; clientRef: Field } {
  const path = REQUEST_CLIENT_PATHS[entity];
  if (!path) throw new Error(`${entity}: no path to its client in REQUEST_CLIENT_PATHS`);
  const { steps, field } = resolveJoinPath(entityByName(entity), path, entityByName);
  if (field.kind !== 'ref' || field.ref !== 'client') throw new Error(`${entity}: "${path}" does not end at a client`);
  return { steps, clientRef: field };
}

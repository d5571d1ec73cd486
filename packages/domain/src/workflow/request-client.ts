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

/** Refs followed at most from a row to its client: a log row → its request → the account → the client. */
const MAX_CLIENT_DEPTH = 4;
const clientPaths = new Map<string, string | undefined>();

/**
 * Whether an entity's rows are a client's data, and the ref path from a row to its client: '' for a client,
 * a request's path above, else the shortest path of refs (history rows through their request, balance logs
 * through their account). Undefined for rows of no client (reference data, staff records): the access log
 * records every read of the others (issue 37).
 * @example clientPathOf('transferLog') // 'transferId.bankAccountId.clientId'
 */
export function clientPathOf(entity: string): string | undefined {
  if (clientPaths.has(entity)) return clientPaths.get(entity);
  let path: string | undefined;
  if (entity === 'client') path = '';
  else if (REQUEST_CLIENT_PATHS[entity]) path = REQUEST_CLIENT_PATHS[entity];
  else {
    // Breadth first over single refs, requests taking their declared path once reached.
    let frontier: Array<{ name: string; path: string[] }> = [{ name: entity, path: [] }];
    for (let depth = 0; depth < MAX_CLIENT_DEPTH && path === undefined && frontier.length > 0; depth++) {
      const next: typeof frontier = [];
      for (const { name, path: steps } of frontier) {
        for (const field of entityByName(name).fields) {
          if (field.kind !== 'ref' || field.ref === entity) continue;
          const through = [...steps, field.name];
          const rest = field.ref === 'client' ? '' : REQUEST_CLIENT_PATHS[field.ref!];
          if (rest !== undefined) {
            path ??= [...through, ...(rest ? [rest] : [])].join('.');
            continue;
          }
          next.push({ name: field.ref!, path: through });
        }
      }
      frontier = next;
    }
  }
  clientPaths.set(entity, path);
  return path;
}

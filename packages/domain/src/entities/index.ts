// The registry: every entity of both spec parts. Menus, routes, tables, API, seed and the tests
// that walk every entity read this list; adding an entity is one declaration and one line here.
import { normalizeEntity, type Entity, type EntityDef } from '../define';
import { workflowOf } from '../workflow/workflows';
import { balanceLog } from './balance-log';
import { bankAccountType } from './bank-account-type';
import { bankAccount } from './bank-account';
import { beneficiaryCash } from './beneficiary-cash';
import { beneficiaryCashLog } from './beneficiary-cash-log';
import { beneficiaryLog } from './beneficiary-log';
import { beneficiary } from './beneficiary';
import { branch } from './branch';
import { cardOppositionLog } from './card-opposition-log';
import { cardOpposition } from './card-opposition';
import { cardOrder } from './card-order';
import { cardOrderlog } from './card-orderlog';
import { cardType } from './card-type';
import { checkOppositionLog } from './check-opposition-log';
import { checkOpposition } from './check-opposition';
import { checkOrderlog } from './check-orderlog';
import { checkbookOrder } from './checkbook-order';
import { clientSubscription } from './client-subscription';
import { client } from './client';
import { gestionnaire } from './gestionnaire';
import { ledgerCorrection } from './ledger-correction';
import { ledgerCorrectionLog } from './ledger-correction-log';
import { loan } from './loan';
import { notificationSubscription } from './notification-subscription';
import { notityType } from './notity-type';
import { otpRegistry } from './otp-registry';
import { otpstory } from './otpstory';
import { pack } from './pack';
import { pinGeneration } from './pin-generation';
import { provisionCash } from './provision-cash';
import { provisionCashLog } from './provision-cash-log';
import { serenityServices } from './serenity-services';
import { serenityUser } from './serenity-user';
import { smsSubscription } from './sms-subscription';
import { sms } from './sms';
import { subsRequestLog } from './subs-request-log';
import { subsRequest } from './subs-request';
import { subsSmsLog } from './subs-sms-log';
import { transactionType } from './transaction-type';
import { transaction } from './transaction';
import { transferLog } from './transfer-log';
import { transfer } from './transfer';
import { userAttempts } from './user-attempts';
import { userBranch } from './user-branch';

const DECLARATIONS: readonly EntityDef[] = [
  balanceLog,
  bankAccountType,
  bankAccount,
  beneficiaryCash,
  beneficiaryCashLog,
  beneficiaryLog,
  beneficiary,
  branch,
  cardOppositionLog,
  cardOpposition,
  cardOrder,
  cardOrderlog,
  cardType,
  checkOppositionLog,
  checkOpposition,
  checkOrderlog,
  checkbookOrder,
  clientSubscription,
  client,
  gestionnaire,
  ledgerCorrection,
  ledgerCorrectionLog,
  loan,
  notificationSubscription,
  notityType,
  otpRegistry,
  otpstory,
  pack,
  pinGeneration,
  provisionCash,
  provisionCashLog,
  serenityServices,
  serenityUser,
  smsSubscription,
  sms,
  subsRequestLog,
  subsRequest,
  subsSmsLog,
  transactionType,
  transaction,
  transferLog,
  transfer,
  userAttempts,
  userBranch,
];

/**
 * Every request records who filed it (maker and checker are different people): the staff login, or none
 * when the customer filed it through online banking. Set by the server on create, never written by a route.
 */
const withFiler = (def: EntityDef): EntityDef =>
  workflowOf(def.name)
    ? {
        ...def,
        fields: {
          ...def.fields,
          filedBy: {
            kind: 'text',
            maxLength: 100,
            readOnly: true,
            searchable: false,
            labelKey: 'entity.field.filedBy',
          },
        },
      }
    : def;

export const ENTITIES: readonly Entity[] = DECLARATIONS.map((def) => normalizeEntity(withFiler(def)));

const byName = new Map(ENTITIES.map((e) => [e.name, e]));
const byRoute = new Map(ENTITIES.map((e) => [e.route, e]));

export function entityByName(name: string): Entity {
  const entity = byName.get(name);
  if (!entity) throw new Error(`Unknown entity ${name}`);
  return entity;
}

export const entityByRoute = (route: string): Entity | undefined => byRoute.get(route);

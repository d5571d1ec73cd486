import { APP_HEADERS } from '@bank/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { describeFailure, describeSuccess } from './error-catalogue';
import { HttpError } from './http-error';

const problem = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new HttpError(status, new Headers(headers), body);

beforeAll(() => {
  i18n.addResources('en', 'translation', {
    'entities.bankAccount.name': 'Bank account',
    'entities.bankAccount.fields.rib': 'RIB',
    'entities.bankAccount.fields.lines[].amount': 'Line amount',
    'entities.bankAccount.created': 'A new bank account is created with identifier {{param}}',
  });
});

afterEach(() => i18n.changeLanguage('en'));

describe('describeFailure: the error catalogue (spec part 1 section 8)', () => {
  it('status 0 → server not reachable', () => {
    expect(describeFailure(new HttpError(0), i18n)).toEqual(['Server not reachable']);
  });

  it('says it in French when French is chosen', async () => {
    await i18n.changeLanguage('fr');
    expect(describeFailure(new HttpError(0), i18n)).toEqual(['Serveur inaccessible']);
  });

  it('400 with X-App-Error → that key with the entity name from X-App-Params', () => {
    const error = problem(
      400,
      { message: 'error.validation' },
      {
        [APP_HEADERS.error]: 'error.idexists',
        [APP_HEADERS.params]: 'bankAccount',
      },
    );
    expect(describeFailure(error, i18n)).toEqual(['A new Bank account cannot already have an ID.']);
  });

  it('400 with X-App-Error and an entity without a label → the raw entity name', () => {
    const error = problem(400, null, { [APP_HEADERS.error]: 'error.idexists', [APP_HEADERS.params]: 'widget' });
    expect(describeFailure(error, i18n)).toEqual(['A new widget cannot already have an ID.']);
  });

  it('400 with field errors → one "Error on field" per field, with the translated field name', () => {
    const error = problem(400, {
      status: 400,
      title: 'Method argument not valid',
      message: 'error.validation',
      fieldErrors: [
        { objectName: 'bankAccount', field: 'rib', message: 'Size' },
        { objectName: 'bankAccount', field: 'lines[3].amount', message: 'Min' },
        { objectName: 'bankAccount', field: 'unlabelled', message: 'NotNull' },
      ],
    });
    expect(describeFailure(error, i18n)).toEqual([
      'Error on field "RIB"',
      'Error on field "Line amount"',
      'Error on field "unlabelled"',
    ]);
  });

  it('other 400 → the response message translated with its params', () => {
    expect(
      describeFailure(problem(400, { status: 400, title: 'Bad Request', message: 'error.validation' }), i18n),
    ).toEqual(['Validation error on the request.']);
    const withParams = problem(400, { message: 'error.idexists', params: { entityName: 'client' } });
    expect(describeFailure(withParams, i18n)).toEqual(['A new client cannot already have an ID.']);
  });

  it('other 400 without a message → the raw body', () => {
    expect(describeFailure(problem(400, 'IBAN inconnu'), i18n)).toEqual(['IBAN inconnu']);
  });

  it('404 → not found', () => {
    expect(describeFailure(problem(404, { message: 'error.http.404' }), i18n)).toEqual(['Not found']);
  });

  it('other statuses → the response message, else the body', () => {
    expect(
      describeFailure(problem(500, { status: 500, title: 'Internal Server Error', message: 'error.http.500' }), i18n),
    ).toEqual(['Internal server error.']);
    expect(describeFailure(problem(409, { message: 'error.concurrencyFailure' }), i18n)).toEqual([
      'Another user modified this data at the same time as you. Your changes were rejected.',
    ]);
    expect(describeFailure(problem(502, 'Bad gateway from upstream'), i18n)).toEqual(['Bad gateway from upstream']);
    expect(describeFailure(problem(500, null), i18n)).toEqual(['Unknown error!']);
  });

  it('no response → the error message, or "Unknown error!"', () => {
    expect(describeFailure(new Error('Connection reset'), i18n)).toEqual(['Connection reset']);
    expect(describeFailure(new HttpError(null, null, null, 'error.timeout'), i18n)).toEqual([
      'The server did not answer in time.',
    ]);
    expect(describeFailure(new Error(''), i18n)).toEqual(['Unknown error!']);
    expect(describeFailure(undefined, i18n)).toEqual(['Unknown error!']);
  });

  it("a call's own error message takes precedence", () => {
    const error = problem(400, {
      message: 'error.validation',
      fieldErrors: [{ objectName: 'x', field: 'y', message: 'z' }],
    });
    expect(describeFailure(error, i18n, 'password.messages.error')).toEqual([
      'An error has occurred! The password could not be changed.',
    ]);
  });
});

describe('the books’ refusals: what the account or the limit still allows', () => {
  const insufficient = problem(
    400,
    {
      message: 'error.insufficientFunds',
      figures: { available: '25000', authorized: '100000' },
      fieldErrors: [{ objectName: 'bankAccount', field: 'amount', message: 'InsufficientFunds' }],
    },
    { [APP_HEADERS.error]: 'error.insufficientFunds', [APP_HEADERS.params]: '125000' },
  );

  it('says what is available, in XOF, in the staff member’s language', async () => {
    expect(describeFailure(insufficient, i18n)).toEqual([
      'Insufficient funds: the account has only 25 000 XOF available, plus an authorised overdraft of 100 000 XOF.',
    ]);
    await i18n.changeLanguage('fr');
    expect(describeFailure(insufficient, i18n)).toEqual([
      "Fonds insuffisants : le compte n'a que 25 000 XOF disponibles, plus 100 000 XOF de découvert autorisé.",
    ]);
  });

  it('says what is left of the daily or monthly limit', () => {
    const limit = (period: string) =>
      problem(
        400,
        { message: 'error.limitExceeded', figures: { period, limit: '500000', left: '120000' } },
        { [APP_HEADERS.error]: 'error.limitExceeded', [APP_HEADERS.params]: period },
      );
    expect(describeFailure(limit('day'), i18n)).toEqual([
      'This transfer goes over your daily limit of 500 000 XOF: 120 000 XOF left today.',
    ]);
    expect(describeFailure(limit('month'), i18n)).toEqual([
      'This transfer goes over your monthly limit of 500 000 XOF: 120 000 XOF left this month.',
    ]);
  });

  it('names the maker-checker and senior-approval rules (403) and a request with nothing left to post (409)', () => {
    expect(describeFailure(problem(403, { message: 'error.makerChecker', params: 'transfer' }), i18n)).toEqual([
      'You filed this request: another staff member must decide it.',
    ]);
    expect(describeFailure(problem(403, { message: 'error.seniorApproval' }), i18n)).toEqual([
      'For this amount, one of the two validations must come from a manager or a desk head.',
    ]);
    expect(describeFailure(problem(409, { message: 'error.noOpenHold' }), i18n)).toEqual([
      'This request no longer holds any amount: it was already posted or released.',
    ]);
  });
});

describe('describeSuccess: success toasts', () => {
  it("a call's own success message wins over the X-App-Alert header", () => {
    const headers = new Headers({ [APP_HEADERS.alert]: 'entities.bankAccount.created', [APP_HEADERS.params]: '7' });
    expect(describeSuccess(headers, i18n, 'settings.messages.success')).toBe('Settings saved!');
  });

  it('X-App-Alert → its key translated with X-App-Params as param (URL-encoded as the server sends it)', () => {
    const headers = new Headers({
      [APP_HEADERS.alert]: 'entities.bankAccount.created',
      [APP_HEADERS.params]: 'SN012+%C3%A9',
    });
    expect(describeSuccess(headers, i18n)).toBe('A new bank account is created with identifier SN012 é');
  });

  it('no alert header and no own message → no toast', () => {
    expect(describeSuccess(new Headers(), i18n)).toBeNull();
    expect(describeSuccess(null, i18n)).toBeNull();
  });
});

describe('entity alerts and field errors of the generic entity screens', () => {
  it('names the entity and its id, with the French agreement', async () => {
    await i18n.changeLanguage('fr');
    const alert = (action: string, params: string) =>
      describeSuccess(new Headers({ [APP_HEADERS.alert]: `entity.${action}`, [APP_HEADERS.params]: params }), i18n);
    expect(alert('created', 'branch,12')).toBe('Branche créée (n° 12)');
    expect(alert('updated', 'client,7')).toBe('Client modifié (n° 7)');
    expect(alert('deleted', 'cardOrder,3')).toBe('Demande de carte supprimée (n° 3)');
  });

  it('says it in English too', () => {
    const headers = new Headers({ [APP_HEADERS.alert]: 'entity.created', [APP_HEADERS.params]: 'branch,12' });
    expect(describeSuccess(headers, i18n)).toBe('Branch created (#12)');
  });

  it('names a schema error’s field from the entity the body was sent for', () => {
    const error = problem(400, {
      message: 'error.validation',
      fieldErrors: [
        { objectName: 'body', field: 'price', message: 'NotNull' },
        { objectName: 'body', field: 'serenityServices.0.id', message: 'Min' },
      ],
    });
    expect(describeFailure(error, i18n, undefined, { entity: 'pack' })).toEqual([
      'Error on field "Price"',
      'Error on field "Services"',
    ]);
  });
});

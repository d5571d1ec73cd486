// Beneficiary requests for staff (spec part 1 §2.14): the four-filter search, always newest first,
// and the unpaged list the forms load.
import type { FastifyInstance } from 'fastify';
import { ENUMS, entityAccess, entityByName } from '@bank/domain';
import { quote } from '../../db/schema';
import type { EntityService } from '../../engine/entity-service';
import { Params, likeEscape, type Query } from '../../engine/list-query';
import { listRoute } from '../../engine/routes';
import { rowsResponse } from '../../engine/response-schemas';
import { badRequest } from '../../problem';

const NEWEST_FIRST = 'createdAt,desc';
/** The unpaged list still has a ceiling: a select never loads a whole table. */
const UNPAGED_LIMIT = '1000';

const column = (field: string) => quote(entityByName('beneficiary').field(field)!.column);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function registerBeneficiaryRoutes(app: FastifyInstance, services: Map<string, EntityService>): void {
  const beneficiaries = services.get('beneficiary')!;
  const read = { access: entityAccess('beneficiary', 'read') };
  const rows = { response: rowsResponse(beneficiaries.entity) };

  listRoute<{ Querystring: Query & Record<'name' | 'reference' | 'rib' | 'type', string | undefined> }>(
    app,
    '/core/api/_search/beneficiaries/filtre',
    { config: read, schema: rows },
    beneficiaries.entity,
    async (_request, { name, reference, rib, type, ...rest }) => {
      const status = text(type).toUpperCase();
      if (status && !(ENUMS.beneficiaryStatus.values as readonly string[]).includes(status)) {
        throw badRequest('error.validation', `Unknown request state "${type}"`, [
          { objectName: 'query', field: 'type', message: 'Enum' },
        ]);
      }
      // The state goes as a criterion, so that alone it is counted by the row counters (engine/totals.ts).
      return beneficiaries.list(
        {
          ...rest,
          ...(text(reference) ? { 'clientCode.contains': text(reference) } : {}),
          ...(status ? { 'beneficiaryStatus.equals': status } : {}),
        },
        {
          defaultSort: NEWEST_FIRST,
          extraWhere: (params: Params) => {
            const where: string[] = [];
            if (text(name))
              where.push(
                `search_fold(t.${column('name')}) like search_fold(${params.add(`%${likeEscape(text(name))}%`)}::text)`,
              );
            if (text(rib))
              where.push(`t.${column('iban')} ilike ${params.add(`%${likeEscape(text(rib).replace(/\s+/g, ''))}%`)}`);
            return where;
          },
        },
      );
    },
  );

  app.get(
    '/core/api/beneficiaries/unpageable',
    { config: read, schema: rows },
    async () => (await beneficiaries.list({ size: UNPAGED_LIMIT }, { defaultSort: NEWEST_FIRST })).rows,
  );
}

// EntityService: list, search, get, create, update and delete for any entity of the registry,
// in plain parameterised SQL derived from its declaration (one service, every entity).
import { FIELD_MASKS, isClosedRequest, workflowOf, type Entity, type Field } from '@bank/domain';
import type { Database, Queryable } from '../db/database';
import { TRIGRAM_LENGTH, joinTableOf, quote, searchExpression } from '../db/schema';
import { HttpProblem, notFound } from '../problem';
import { FIELD_IO } from './columns';
import { joinedSearchOf, planJoins } from './joins';
import {
  Params,
  criteriaOf,
  likeEscape,
  orderOf,
  ownColumns,
  pagingOf,
  type Column,
  type ColumnResolver,
  type Query,
} from './list-query';
import { cappedTotal, countLimit, rowCountsOf, type CounterScope, type RowCounts, type Total } from './totals';
import { WordStarts } from './word-search';
import { checkCreate, closedRequest, fieldChangeAudits, guardedChanges, mergeUpdate } from './write-policy';

export type Row = Record<string, unknown> & { id: number; version: number };

export interface Page<T = Row> {
  rows: T[];
  total: number;
  /** False when `total` is a lower bound (a broad filter, counted up to a cap); exact when absent. */
  exact?: boolean;
  page: number;
  size: number;
}

/** Who makes a change: the signed-in staff member. */
export interface Actor {
  login: string;
  authorities: readonly string[];
}

export interface UpdateContext {
  /** For reads only: the update's writes all go in its one statement. */
  db: Queryable;
  /** The row as it was read: the update applies only if it is still that version. */
  before: Row;
  /** What will be written: the body sent, merged over `before`. */
  body: Record<string, unknown>;
  /** The body as the client sent it. */
  sent: Record<string, unknown>;
  actor: Actor;
}

/**
 * A write that goes with an update, in the update's own statement: an insert or update reading the
 * written row as `t`, so that it happens exactly when the update does (never on a stale version).
 */
export type CompanionWrite = (params: Params) => string;

/** What goes with an update: its companion writes in its one statement, and work once it is committed. */
export interface UpdateCompanions {
  writes: CompanionWrite[];
  /**
   * Work once the update is committed (the events it announces). Each one catches its own errors: the
   * write is done whatever they do.
   */
  committed?: Array<() => Promise<void>>;
}

/**
 * Named extension points for the exceptions of an entity (the workflow module uses them). `prepareUpdate`
 * checks an update against the row as read, may complete the body, and gives what goes with it.
 */
export interface EntityHooks {
  prepareUpdate?(context: UpdateContext): Promise<UpdateCompanions>;
  /**
   * Checks a create before it is written and gives the values of columns the server sets on it (who filed
   * a request). Reads only: nothing is written yet.
   */
  prepareCreate?(context: CreateContext): Promise<Record<string, unknown>>;
  /** Writes that follow a create in its transaction (a transfer's hold); throwing undoes the create. */
  afterCreate?(tx: Queryable, row: Row, actor: Actor | undefined): Promise<void>;
  /**
   * Reads, in an update's transaction before the row is written, what `afterUpdate` will need (a decision's
   * hold); what it returns is handed to `afterUpdate`. Before, so that the row the write locks stays locked
   * for one round trip fewer: a concurrent decision on the same request waits that much less.
   */
  beforeUpdate?(tx: Queryable, before: Row, merged: Record<string, unknown>, actor: Actor): Promise<unknown>;
  /** Writes that follow an update in its transaction, once the row is written (a decision's posting). */
  afterUpdate?(tx: Queryable, before: Row, after: Row, actor: Actor, prepared?: unknown): Promise<void>;
  /** Writes that go with a delete in its transaction, before the row goes (a hold released). */
  beforeRemove?(tx: Queryable, id: number): Promise<void>;
}

export interface CreateContext {
  db: Queryable;
  body: Record<string, unknown>;
  /** The staff member creating it; none when the server creates it for itself (a module's transaction). */
  actor: Actor | undefined;
}

interface DatabaseError {
  code?: string;
  constraint?: string;
  table?: string;
}

/** Whether SQL reads a linked row (the joins' aliases are j1, j2…). */
const readsJoins = (sql: string) => /\bj\d+\./.test(sql);

/** The column of a ranked search's rows that carries the number of matches read, not sent. */
const IN_PAGE_TOTAL = '__matches';
/** A word search's columns, not sent: rows whose text starts with the words (up to the cap), and the
 * rows found with the entries read past them (null when the first reach the cap). */
const FIRST_WORDS = '__first_words';
const LATER_WORDS = '__later_words';
/** Entries a word search's page reads per row it shows: a row may hold the words at several starts. */
const WORD_ENTRIES_PER_ROW = 3;

/** What a caller adds to a search: conditions criteria cannot express (a module's named filter). */
interface SearchOptions {
  extraWhere?: (params: Params) => string[];
}

/** The id a search text names, as a parameter: a number of up to 15 digits. */
const idOf = (needle: string, params: Params) => (/^\d{1,15}$/.test(needle) ? params.add(Number(needle)) : undefined);

/** 409 for an update made on an older version of the row: nothing is overwritten. */
export const staleVersion = (entity: Entity) =>
  new HttpProblem(409, {
    message: 'error.concurrencyFailure',
    detail: 'Someone else changed this record since you opened it; reload it and try again',
    appError: { key: 'error.concurrencyFailure', params: entity.name },
  });

/** What a page of rows is read with: the list's and the search's shared query. */
interface PageRequest {
  /** Paging (page, size) of the caller's query string. */
  query: Query;
  /** Every parameter the where clause and the order use, in that order. */
  params: Params;
  where: string[];
  order: string;
  /** How many of `params` the where clause uses: the count query takes only those. Default: all. */
  whereParams?: number;
  /** The row counters' scope when they can give the total (no filter, or a status filter alone). */
  counters?: CounterScope;
  /** A text search, whose plan depends on the text: planned each time (QueryOptions). */
  planEachTime?: boolean;
}

export class EntityService {
  private readonly selectList: string;
  private readonly manyToMany: Field[];
  private readonly columns: Map<string, Column>;
  private readonly joins: string;
  private readonly resolve: ColumnResolver;
  private readonly joinedSearch: Array<(pattern: string) => string>;
  /** The word-start index `_search` reads (entities declared `wordSearch`). */
  private readonly wordStarts: WordStarts | undefined;
  private readonly counts: RowCounts;
  /** The status field whose values the row counters count apart (request types only). */
  private readonly statusField: string | undefined;

  constructor(
    readonly entity: Entity,
    private readonly db: Database,
    private readonly hooks: EntityHooks = {},
  ) {
    const joined = planJoins(entity);
    const selects = ['t.id', 't.version', ...entity.fields.flatMap((f) => FIELD_IO[f.kind].select(f, 't'))];
    this.selectList = [...selects, ...joined.selects].join(', ');
    this.joins = joined.clauses.join(' ');
    this.columns = new Map([...ownColumns(entity), ...joined.columns]);
    this.resolve = (name) => this.columns.get(name);
    this.joinedSearch = joinedSearchOf(entity);
    // On PostgreSQL only: the embedded database parses and plans every statement each time (PGlite keeps
    // none prepared), and on the few hundred clients of its demo data the word statement cost three to
    // four times the fragment search (docs/api.md, "Word search").
    this.wordStarts = entity.wordSearch && db.kind === 'postgres' ? new WordStarts(entity) : undefined;
    this.manyToMany = entity.fields.filter((f) => f.kind === 'refs');
    this.counts = rowCountsOf(db);
    this.statusField = workflowOf(entity.name)?.status;
  }

  private get table() {
    return quote(this.entity.table);
  }

  /**
   * A page of rows matching the query's criteria. `extraWhere` adds conditions that criteria cannot
   * express (a module's named filter, e.g. "has an account whose RIB contains …"). The total is exact
   * without a filter or with a status filter alone (row counters), and for any filter matching up to
   * COUNT_CAP rows; beyond, it is a lower bound (`exact: false`).
   * @example service.list({ 'orderStatus.in': 'PENDING', sort: 'createdAt,desc' })
   */
  async list(
    query: Query,
    options: { defaultSort?: string; extraWhere?: (params: Params) => string[] } = {},
  ): Promise<Page> {
    const params = new Params();
    const criteria = criteriaOf(this.resolve, query, params);
    const extra = options.extraWhere?.(params) ?? [];
    const order = orderOf(this.resolve, query, options.defaultSort ?? 'id,asc');
    const counters = extra.length === 0 ? this.counterScope(query) : undefined;
    return this.page({ query, params, where: [...criteria, ...extra], order, counters });
  }

  /** What the row counters can count for these criteria: all rows, some statuses, or nothing. */
  private counterScope(query: Query): CounterScope | undefined {
    const criteria = Object.entries(query).filter(([key, value]) => key.includes('.') && value !== undefined);
    if (criteria.length === 0) return null;
    const [key, value] = criteria[0]!;
    if (criteria.length > 1 || !this.statusField || Array.isArray(value)) return undefined;
    if (key === `${this.statusField}.equals`) return [value!];
    if (key === `${this.statusField}.in`) return value!.split(',').filter((v) => v !== '');
    return undefined;
  }

  /**
   * Text search over the searchable fields and the declared joined ones (accent- and case-insensitive),
   * plus exact id match; `extraWhere` as for list(). An entity declared `wordSearch` finds the rows where
   * the text begins a word, and looks inside words only when it begins none.
   */
  async search(text: string, query: Query, options: SearchOptions = {}): Promise<Page> {
    const needle = text.trim();
    if (this.wordStarts && WordStarts.canFind(needle)) {
      const page = query.sort
        ? await this.sortedWordSearch(this.wordStarts, needle, query, options)
        : await this.wordStartPage(this.wordStarts, needle, query, options);
      if (page) return page;
    }
    return this.fragmentSearch(needle, query, options);
  }

  /** Search for a fragment anywhere in the searchable text (a trigram index narrows the candidates). */
  private async fragmentSearch(needle: string, query: Query, options: SearchOptions): Promise<Page> {
    const params = new Params();
    const where = this.searchFilter(query, options, params);
    const expression = searchExpression(this.entity, 't');
    const idMatch = idOf(needle, params);
    const alternatives: string[] = [];
    // Under three characters a trigram index narrows nothing, and reading all of it ("sy", "ba": 0.4 s
    // on 200,000 clients) costs far more than reading rows until enough match: the index is kept out.
    if (expression && needle.length < TRIGRAM_LENGTH) {
      alternatives.push(`strpos(${expression}, search_fold(${params.add(needle)}::text)) > 0`);
    } else if (expression) {
      alternatives.push(`${expression} like search_fold(${params.add(`%${likeEscape(needle)}%`)}::text)`);
    }
    if (this.joinedSearch.length > 0) {
      const pattern = `search_fold(${params.add(`%${likeEscape(needle)}%`)}::text)`;
      for (const joined of this.joinedSearch) alternatives.push(joined(pattern));
    }
    if (idMatch) alternatives.push(`t.id = ${idMatch}`);
    if (alternatives.length === 0) return { rows: [], total: 0, ...pagingOf(query) };
    where.push(`(${alternatives.join(' or ')})`);
    if (query.sort) {
      return this.page({ query, params, where, order: orderOf(this.resolve, query, 'id,asc'), planEachTime: true });
    }
    // Best matches first: the id itself, then texts starting with the words, then the rest.
    // Order-only parameters come after the filter's, so the count query can take a prefix of them.
    const whereParams = params.values.length;
    const ranks = idMatch ? [`case when t.id = ${idMatch} then 0 else 1 end`] : [];
    if (expression) {
      const prefix = params.add(`${likeEscape(needle)}%`);
      ranks.push(`case when ${expression} like search_fold(${prefix}::text) then 0 else 1 end`);
    }
    return this.rankedPage({ query, params, where, whereParams }, ranks, idMatch);
  }

  /** A search's conditions besides its text: the query's criteria and the caller's own. */
  private searchFilter(query: Query, options: SearchOptions, params: Params): string[] {
    return [...criteriaOf(this.resolve, query, params), ...(options.extraWhere?.(params) ?? [])];
  }

  /** A word search in a chosen order; undefined when the text begins no word. */
  private async sortedWordSearch(
    words: WordStarts,
    needle: string,
    query: Query,
    options: SearchOptions,
  ): Promise<Page | undefined> {
    const probe = new Params();
    const [any] = await this.db.query(
      `select 1 from ${words.table} e where e.at_start in (true, false) and ${words.range(probe, needle)} limit 1`,
      probe.values,
    );
    if (!any) return undefined;
    const params = new Params();
    const where = this.searchFilter(query, options, params);
    where.push(words.matching(params, needle));
    return this.page({ query, params, where, order: orderOf(this.resolve, query, 'id,asc'), planEachTime: true });
  }

  /**
   * A word search in its default order: rows whose text starts with the words, then rows where they begin
   * a later word, each in the order of the text from the words on (names in alphabetical order), then by
   * id. The page is the first entries of the index in that order; the total counts the entries up to the
   * cap, rows whose text starts with the words first, without reading a row. Its plan does not depend on
   * the text: it is kept. Undefined when the text begins no word.
   */
  private async wordStartPage(
    words: WordStarts,
    needle: string,
    query: Query,
    options: SearchOptions,
  ): Promise<Page | undefined> {
    const params = new Params();
    const where = this.searchFilter(query, options, params);
    const { page, size } = pagingOf(query);
    const cap = countLimit(page, size);
    const filter = where.length > 0 ? `and ${where.join(' and ')}` : '';
    const from =
      where.length > 0 ? `${this.sourceOf(filter)} join ${words.table} e on e.id = t.id` : `${words.table} e`;
    const range = words.range(params, needle);
    const capParam = params.add(cap);
    const entries = (atStart: boolean, select: string, tail: string) =>
      `select ${select} from ${from} where ${atStart ? '' : 'not '}e.at_start and ${range} ${filter} ${tail}`;
    // A row may hold the words at several starts (a name, and the e-mail made of it): past the rows whose
    // text starts with them, entries are read up to twice the rows missing to reach the cap, and counted
    // once per row. The page reads three entries per row it shows, for the same reason.
    const read = params.add(WORD_ENTRIES_PER_ROW * (page + 1) * size);
    const rows = await this.db.query<Row>(
      `with counted as materialized (
         select f.first, case when f.first >= ${capParam} then null else
                  (select array[count(distinct u.id), count(*) filter (where u.later)]
                     from ((${entries(true, 'e.id, false as later', `limit ${capParam}`)})
                           union all (${entries(false, 'e.id, true', `limit 2 * (${capParam} - f.first)`)})) u)
                end as later
           from (select count(*) as first from (${entries(true, '1', `limit ${capParam}`)}) x) f),
       paged as (
         select id, min(k) as k
           from ((${entries(true, "e.id, '0' || e.entry as k", `order by e.entry, e.id limit ${read}`)})
                 union all (${entries(false, "e.id, '1' || e.entry", `order by e.entry, e.id limit ${read}`)})) m
          group by id order by min(k), id limit ${params.add(size)} offset ${params.add(page * size)})
       select ${this.selectList}, c.first as ${FIRST_WORDS}, c.later as ${LATER_WORDS} from counted c
         left join paged p on true
         left join ${this.table} t on t.id = p.id ${this.joins}
        order by p.k, p.id`,
      params.values,
    );
    const counts = rows[0]!;
    const first = Number(counts[FIRST_WORDS]);
    const [rowsFound, laterRead] = (counts[LATER_WORDS] as Array<string | number> | null)?.map(Number) ?? [cap, 0];
    if (rowsFound === 0) return undefined;
    const total = cappedTotal(Math.min(rowsFound!, cap), cap);
    if (first < cap && laterRead! >= 2 * (cap - first)) total.exact = false;
    const found = rows.filter((row) => row.id !== null);
    for (const row of found) for (const column of [FIRST_WORDS, LATER_WORDS]) delete row[column];
    return this.pageOf(found, total, page, size);
  }

  /**
   * A page of a search in its default order, best matches first (`ranks`, each 0 for a better match, then
   * the id). Only the first matches the index finds are read, up to the count cap (or the page's end): a
   * broad text ("sa", "awa": tens of thousands of clients) costs what a narrow one does. Under the cap the
   * total and the order are exact; at the cap the total is a lower bound and the page is ranked among the
   * matches read, in the table's storage order (about the order of creation).
   */
  private async rankedPage(
    { query, params, where, whereParams }: Required<Pick<PageRequest, 'query' | 'params' | 'where' | 'whereParams'>>,
    ranks: string[],
    idMatch: string | undefined,
  ): Promise<Page> {
    const { page, size } = pagingOf(query);
    const filter = `where ${where.join(' and ')}`;
    const from = this.sourceOf(filter);
    const cap = countLimit(page, size);
    const columns = ['t.id', ...ranks.map((rank, i) => `${rank} as r${i}`)].join(', ');
    const byRank = [...ranks.map((_, i) => `r${i}`), 'id'];
    const read = `select ${columns} from ${from} ${filter} limit ${params.add(cap)}`;
    // The row a number names is always read, however many texts hold that number.
    const found = idMatch ? `(select ${columns} from ${from} ${filter} and t.id = ${idMatch}) union (${read})` : read;
    const paged = `select f.*, count(*) over () as ${IN_PAGE_TOTAL} from (${found}) f
      order by ${byRank.join(', ')} limit ${params.add(size)} offset ${params.add(page * size)}`;
    const rows = await this.db.query<Row>(
      `select ${this.selectList}, p.${IN_PAGE_TOTAL} from (${paged}) p join ${this.table} t on t.id = p.id ${this.joins}
        order by ${byRank.map((column) => `p.${column}`).join(', ')}`,
      params.values,
      { planEachTime: true },
    );
    // An empty page past the matches carries no count: count them alone, under the same cap.
    const counted =
      rows.length > 0 || page === 0
        ? Number(rows[0]?.[IN_PAGE_TOTAL] ?? 0)
        : await this.countUpTo(filter, params.values.slice(0, whereParams), cap, true);
    for (const row of rows) delete row[IN_PAGE_TOTAL];
    const total = cappedTotal(counted, cap);
    return this.pageOf(rows, total, page, size);
  }

  /** A page as the API sends it: many-to-many lists attached, rows shaped, a lower-bound total marked. */
  private async pageOf(rows: Row[], total: Total, page: number, size: number): Promise<Page> {
    await this.attachManyToMany(this.db, rows);
    return {
      rows: rows.map((row) => this.shape(row)),
      total: total.total,
      ...(total.exact ? {} : { exact: false }),
      page,
      size,
    };
  }

  /** What a filter reads from: the table, with its linked rows only when the filter reads them. */
  private sourceOf(filter: string): string {
    // Refs are nullable: a join never drops a row, so it is left out when nothing reads it.
    return readsJoins(filter) ? `${this.table} t ${this.joins}` : `${this.table} t`;
  }

  /** The rows matching `filter`, counted up to `cap` (params: the filter's values). */
  private async countUpTo(filter: string, params: unknown[], cap: number, planEachTime = false): Promise<number> {
    const [count] = await this.db.query<{ total: number }>(
      `select count(*)::int as total from (select 1 from ${this.sourceOf(filter)} ${filter} limit $${params.length + 1}) capped`,
      [...params, cap],
      { planEachTime },
    );
    return count!.total;
  }

  private async page({
    query,
    params,
    where,
    order,
    whereParams = params.values.length,
    counters,
    planEachTime = false,
  }: PageRequest): Promise<Page> {
    const { page, size } = pagingOf(query);
    const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const countParams = params.values.slice(0, whereParams);
    const limit = params.add(size);
    const offset = params.add(page * size);
    const window = `${filter} order by ${order} limit ${limit} offset ${offset}`;
    // Deep in a list, the rows skipped are neither read nor joined: the page's ids are found on the
    // table's indexes alone (an index-only scan where one covers the order), then their rows read.
    const from =
      readsJoins(filter) || readsJoins(order)
        ? `${this.table} t ${this.joins} ${window}`
        : page > 0
          ? `(select t.id from ${this.table} t ${window}) p join ${this.table} t on t.id = p.id ${this.joins} order by ${order}`
          : `(select * from ${this.table} t ${window}) t ${this.joins} order by ${order}`;
    const [rows, fromCounters] = await Promise.all([
      this.db.query<Row>(`select ${this.selectList} from ${from}`, params.values, { planEachTime }),
      counters === undefined ? undefined : this.counts.count(this.entity.table, counters),
    ]);
    let total = { total: fromCounters ?? 0, exact: true };
    if (fromCounters === undefined) {
      if (rows.length < size && (rows.length > 0 || page === 0)) {
        total.total = page * size + rows.length; // the last page tells the total by itself
      } else {
        const cap = countLimit(page, size);
        total = cappedTotal(await this.countUpTo(filter, countParams, cap, planEachTime), cap);
      }
    }
    return this.pageOf(rows, total, page, size);
  }

  async get(id: number, db: Queryable = this.db): Promise<Row> {
    const rows = await db.query<Row>(`select ${this.selectList} from ${this.table} t ${this.joins} where t.id = $1`, [
      id,
    ]);
    if (rows.length === 0) throw notFound(`No ${this.entity.name} with id ${id}`);
    await this.attachManyToMany(db, rows);
    return this.shape(rows[0]!);
  }

  /**
   * Creates a row for `actor`; inside `tx` when given (a module's larger transaction), else in its own.
   * Fields the server sets (creation time, a request's status and observation) are refused, never applied,
   * and so is a field the actor's roles may not set; one the actor may set is audited in the transaction.
   */
  async create(body: Record<string, unknown>, actor: Actor, inTransaction?: Queryable): Promise<Row> {
    if (body.id !== undefined && body.id !== null) {
      throw new HttpProblem(400, {
        message: 'error.idexists',
        detail: `A new ${this.entity.name} cannot already have an id`,
        appError: { key: 'error.idexists', params: this.entity.name },
      });
    }
    checkCreate(this.entity, body, actor.authorities);
    const changes = guardedChanges(this.entity, undefined, body);
    const values: Record<string, unknown> = {};
    for (const field of this.entity.fields) {
      if (field.readOnly) continue;
      const absent = body[field.name] === undefined || body[field.name] === null;
      if (absent && field.default !== undefined) continue; // the column default applies
      Object.assign(values, FIELD_IO[field.kind].write(field, body));
    }
    Object.assign(values, await this.hooks.prepareCreate?.({ db: inTransaction ?? this.db, body, actor }));
    return this.write(async (tx) => {
      const columns = Object.keys(values);
      const params = new Params();
      const sql = columns.length
        ? `insert into ${this.table} (${columns.map(quote).join(', ')}) values (${columns.map((c) => params.add(values[c])).join(', ')}) returning id`
        : `insert into ${this.table} default values returning id`;
      const [{ id }] = (await tx.query<{ id: number }>(sql, params.values)) as [{ id: number }];
      for (const audit of fieldChangeAudits(this.entity, id, changes, actor.login)) {
        const auditParams = new Params();
        await tx.query(audit(auditParams), auditParams.values);
      }
      await this.writeManyToMany(tx, id, body);
      const created = await this.get(id, tx);
      await this.hooks.afterCreate?.(tx, created, actor);
      return created;
    }, inTransaction);
  }

  /**
   * Update (PUT) under the optimistic lock: the body carries the version it was made on, and is merged over
   * the row as it is (a field left out keeps its value; a field the server sets may only come back unchanged).
   */
  async update(id: number, body: Record<string, unknown>, actor: Actor): Promise<Row> {
    if (body.id === undefined || body.id === null) {
      throw new HttpProblem(400, {
        message: 'error.idnull',
        detail: 'The body must carry the id',
        appError: { key: 'error.idnull', params: this.entity.name },
      });
    }
    if (body.id !== id) {
      throw new HttpProblem(400, {
        message: 'error.idinvalid',
        detail: 'The id of the body differs from the id of the address',
        appError: { key: 'error.idinvalid', params: this.entity.name },
      });
    }
    if (typeof body.version !== 'number') {
      throw new HttpProblem(400, {
        message: 'error.validation',
        detail: 'An update must carry the version of the record it was made on',
        fieldErrors: [{ objectName: this.entity.name, field: 'version', message: 'NotNull' }],
      });
    }
    // An optimistic update: the row is read without a lock, checked, and written by one statement that
    // applies only to the version read (a concurrent save makes it match nothing: 409, nothing written).
    const before = await this.get(id);
    if (before.version !== body.version) throw staleVersion(this.entity);
    const merged = mergeUpdate(this.entity, before, body, actor.authorities);
    const companions =
      (await this.hooks.prepareUpdate?.({ db: this.db, before, body: merged, sent: body, actor })) ??
      ({ writes: [] } satisfies UpdateCompanions);
    const changes = guardedChanges(this.entity, before, merged);
    companions.writes.push(...fieldChangeAudits(this.entity, before.id, changes, actor.login, 't'));
    // A many-to-many list is written by statements of its own, in a transaction with the update.
    const ownStatementsToo =
      this.hooks.afterUpdate !== undefined || this.manyToMany.some((field) => merged[field.name] !== undefined);
    const written = await this.write(
      async (tx) => {
        const prepared = await this.hooks.beforeUpdate?.(tx, before, merged, actor);
        const after = await this.updateRow(tx, before, merged, companions);
        await this.hooks.afterUpdate?.(tx, before, after, actor, prepared);
        return after;
      },
      ownStatementsToo ? undefined : this.db,
    );
    // The answer does not wait for them: an event is a hint, and its round trip is not the decision's.
    for (const work of companions.committed ?? []) void work();
    return written;
  }

  /**
   * Writes the row if it is still at the version of `before`, with its companion writes, and reads it back,
   * joins included, in one statement.
   */
  private async updateRow(
    tx: Queryable,
    before: Row,
    body: Record<string, unknown>,
    companions: UpdateCompanions,
  ): Promise<Row> {
    // Only the fields that change: the version guard makes the rest what `before` read, and a decision
    // then sends three values instead of a transfer's thirty (each one serialised, sent and parsed).
    const values: Record<string, unknown> = {};
    for (const field of this.entity.fields) {
      if (!field.readOnly && !sameValue(body[field.name], before[field.name]))
        Object.assign(values, FIELD_IO[field.kind].write(field, body));
    }
    const params = new Params();
    const sets = Object.keys(values).map((c) => `${quote(c)} = ${params.add(values[c])}`);
    sets.push('version = version + 1');
    const where = `id = ${params.add(before.id)} and version = ${params.add(before.version)}`;
    const writes = companions.writes.map((write, i) => `, w${i} as (${write(params)})`).join('');
    const rows = await tx.query<Row>(
      `with t as (update ${this.table} set ${sets.join(', ')} where ${where} returning *)${writes}
       select ${this.selectList} from t ${this.joins}`,
      params.values,
    );
    if (rows.length === 0) {
      const [still] = await tx.query(`select 1 from ${this.table} where id = $1`, [before.id]);
      throw still ? staleVersion(this.entity) : notFound(`No ${this.entity.name} with id ${before.id}`);
    }
    await this.writeManyToMany(tx, before.id, body);
    await this.attachManyToMany(tx, rows);
    return this.shape(rows[0]!);
  }

  /** Deletes a row; a request in a final status is kept (409), like one that history still names. */
  async remove(id: number): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        if (this.statusField) {
          const status = quote(this.entity.field(this.statusField)!.column);
          const [row] = await tx.query(
            `select ${status} as "${this.statusField}" from ${this.table} where id = $1 for update`,
            [id],
          );
          if (row && isClosedRequest(this.entity, row)) throw closedRequest(this.entity);
        }
        await this.hooks.beforeRemove?.(tx, id);
        const deleted = await tx.query(`delete from ${this.table} where id = $1 returning id`, [id]);
        if (deleted.length === 0) throw notFound(`No ${this.entity.name} with id ${id}`);
      });
    } catch (error) {
      const dbError = error as DatabaseError;
      if (dbError.code !== '23503') throw error;
      throw new HttpProblem(409, {
        message: 'error.referenced',
        detail: `This ${this.entity.name} is still used by ${dbError.table ?? 'other records'} and cannot be deleted`,
        appError: { key: 'error.referenced', params: this.entity.name },
      });
    }
  }

  /**
   * Runs a write on `db` when given (a module's larger transaction, or the database for a write of one
   * statement), else in a transaction of its own; constraint violations on our columns become field errors.
   */
  private async write<T>(work: (tx: Queryable) => Promise<T>, db?: Queryable): Promise<T> {
    try {
      return db ? await work(db) : await this.db.transaction(work);
    } catch (error) {
      const dbError = error as DatabaseError;
      const violation = { '23503': 'NotFound', '23505': 'Unique' }[dbError.code ?? ''];
      if (!violation) throw error;
      const column = dbError.constraint?.replace(new RegExp(`^${this.entity.table}_`), '').replace(/_(fk|key)$/, '');
      const field =
        this.entity.fields.find((f) => f.column === column) ??
        this.manyToMany.find((f) => dbError.table?.startsWith(`${this.entity.table}_${f.column}`));
      throw new HttpProblem(400, {
        message: 'error.validation',
        detail:
          violation === 'Unique' ? 'A record with the same value already exists' : 'A linked record does not exist',
        fieldErrors: [{ objectName: this.entity.name, field: field?.name ?? 'body', message: violation }],
      });
    }
  }

  private async writeManyToMany(tx: Queryable, id: number, body: Record<string, unknown>): Promise<void> {
    for (const field of this.manyToMany) {
      const items = body[field.name] as Array<{ id: number }> | null | undefined;
      if (items === undefined) continue;
      const join = joinTableOf(this.entity, field);
      await tx.query(`delete from ${quote(join.table)} where ${quote(join.ownerColumn)} = $1`, [id]);
      const ids = [...new Set((items ?? []).map((item) => item.id))];
      if (ids.length > 0) {
        await tx.query(
          `insert into ${quote(join.table)} (${quote(join.ownerColumn)}, ${quote(join.targetColumn)}) select $1, unnest($2::bigint[])`,
          [id, ids],
        );
      }
    }
  }

  /** Loads every many-to-many list of a page in one query per field (never one per row). */
  private async attachManyToMany(db: Queryable, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    for (const field of this.manyToMany) {
      const join = joinTableOf(this.entity, field);
      const labelField = join.target.label === 'id' ? undefined : join.target.field(join.target.label);
      const label = labelField ? `x.${quote(labelField.column)}` : 'x.id::text';
      const links = await db.query<{ owner: number; id: number; label: string }>(
        `select j.${quote(join.ownerColumn)} as owner, x.id, ${label} as label
           from ${quote(join.table)} j join ${quote(join.target.table)} x on x.id = j.${quote(join.targetColumn)}
          where j.${quote(join.ownerColumn)} = any($1::bigint[]) order by x.id`,
        [ids],
      );
      for (const row of rows)
        row[field.name] = links.filter((l) => l.owner === row.id).map(({ id, label }) => ({ id, label }));
    }
  }

  /** Object-shaped refs travel as `{ id }` (spec part 1 §3, BeneficiaryLog); masked fields leave masked. */
  private shape(row: Row): Row {
    for (const field of this.entity.fields) {
      if (field.mask) row[field.name] = FIELD_MASKS[field.mask](row[field.name] as string | null);
      if (field.kind === 'ref' && field.refShape === 'object') {
        row[field.name] = row[field.name] === null ? null : { id: row[field.name] };
      }
    }
    return row;
  }
}

/** Whether a field's value in a merged body is the one read (JSON-equal: dates, refs, numbers as text). */
const sameValue = (a: unknown, b: unknown) =>
  a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

/** Several modules' hooks on one entity, run in order (the workflow's checks before the ledger's writes). */
export function combineHooks(...all: readonly (EntityHooks | undefined)[]): EntityHooks | undefined {
  const hooks = all.filter((h): h is EntityHooks => h !== undefined);
  if (hooks.length <= 1) return hooks[0];
  const some = <K extends keyof EntityHooks>(name: K) => hooks.some((h) => h[name] !== undefined);
  const prepareUpdates = hooks.flatMap((h) => (h.prepareUpdate ? [h.prepareUpdate.bind(h)] : []));
  if (prepareUpdates.length > 1) throw new Error('Only one module may prepare an entity’s updates');
  return {
    ...(prepareUpdates[0] ? { prepareUpdate: prepareUpdates[0] } : {}),
    ...(some('prepareCreate')
      ? {
          async prepareCreate(context) {
            const values: Record<string, unknown> = {};
            for (const h of hooks) Object.assign(values, await h.prepareCreate?.(context));
            return values;
          },
        }
      : {}),
    ...(some('afterCreate')
      ? {
          async afterCreate(tx, row, actor) {
            for (const h of hooks) await h.afterCreate?.(tx, row, actor);
          },
        }
      : {}),
    // Each hook's afterUpdate gets what its own beforeUpdate read.
    ...(some('beforeUpdate')
      ? {
          async beforeUpdate(tx, before, merged, actor) {
            const prepared: unknown[] = [];
            for (const h of hooks) prepared.push(await h.beforeUpdate?.(tx, before, merged, actor));
            return prepared;
          },
        }
      : {}),
    ...(some('afterUpdate')
      ? {
          async afterUpdate(tx, before, after, actor, prepared) {
            for (const [i, h] of hooks.entries())
              await h.afterUpdate?.(tx, before, after, actor, (prepared as unknown[] | undefined)?.[i]);
          },
        }
      : {}),
    ...(some('beforeRemove')
      ? {
          async beforeRemove(tx, id) {
            for (const h of hooks) await h.beforeRemove?.(tx, id);
          },
        }
      : {}),
  };
}

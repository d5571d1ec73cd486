// The access log's writes (issue 12, issue 23): each read's row joins a multi-row insert, and the read
// waits for its batch's commit. Apart from the routes and hooks (access-log.ts) so that the bench's
// reference server (bench/reference.ts) writes its log exactly as the product does.
import { ENTITIES, clientPathOf, entityByName } from '@bank/domain';
import type { Queryable } from '../../db/database';
import { quote } from '../../db/schema';

/** The entities whose rows are a client's data, by name (domain: clientPathOf). */
export type Subject = string;
const SUBJECTS = ENTITIES.filter((entity) => clientPathOf(entity.name) !== undefined).map((entity) => entity.name);

/**
 * The client id of the record `id` (an SQL expression) of `entity`, following its ref path: 0 for a record
 * of no client (an account not yet linked), null for a record that does not exist.
 * @example clientIdOf('transfer', 't.id') // a subquery from transfer through its account to the client
 */
export function clientIdOf(entity: Subject, id: string): string {
  const path = clientPathOf(entity)!.split('.').filter(Boolean);
  let current = entityByName(entity);
  let sql = `from ${quote(current.table)} x0`;
  let select = 'x0.id';
  path.forEach((name, i) => {
    const field = current.field(name)!;
    if (i === path.length - 1) {
      select = `x${i}.${quote(field.column)}`;
      return;
    }
    const next = entityByName(field.ref!);
    sql += ` left join ${quote(next.table)} x${i + 1} on x${i + 1}.id = x${i}.${quote(field.column)}`;
    current = next;
  });
  return `(select coalesce(${select}, 0) ${sql} where x0.id = ${id})`;
}

// One statement per entity read appends a batch's reads of it; each record read (the one of a read by id,
// the rows of a list or a search) is looked up once along its path to its client. A read of one record is
// left out when the record does not exist (the row is written while the read runs: that read is a 404); a
// list names the clients of its rows (`offset 0`: the lookup runs once a row, not once for each of the
// three places that use it). A list of clients is its own list of clients: its rows were just read, and
// looking each up again was two thirds of the insert (60 µs a row of 20, 2026-11-29). One statement for
// every entity, a subquery per entity in a CASE, took 50 ms to plan each time (PostgreSQL kept custom
// plans) and seconds with a generic plan.
const batchInsert = (entity: Subject) => {
  const rowsAreClients = clientPathOf(entity) === '';
  const looked = rowsAreClients ? 'array[r.subject_id]' : 'coalesce(r.subject_ids::bigint[], array[r.subject_id])';
  const clients = rowsAreClients
    ? `case when r.subject_id is null
         then (select array_agg(distinct i order by i) from unnest(r.subject_ids::bigint[]) i) else c.clients end`
    : 'c.clients';
  return `insert into access_log (login, authorities, client_id, client_ids, what,
    subject, subject_id, subject_ids, row_count, query, request_id, client_ip)
  select r.login, r.authorities,
         case when r.subject_id is not null or cardinality(k.clients) = 1 then k.clients[1] end,
         case when r.subject_id is null then k.clients end,
         r.what, '${entity}', r.subject_id, r.subject_ids::bigint[], r.row_count, r.query, r.request_id, r.client_ip
    from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::int[], $7::text[], $8::text[],
                $9::text[])
      with ordinality as r(login, authorities, what, subject_id, subject_ids, row_count, query, request_id, client_ip, n)
    cross join lateral (
      select count(u.client) as found,
             array_agg(distinct u.client order by u.client) filter (where u.client > 0) as clients
        from unnest(${looked}) s(id)
        cross join lateral (select ${clientIdOf(entity, 's.id')} as client offset 0) u) c
    cross join lateral (select ${clients} as clients) k
   where r.subject_id is null or c.found > 0
   order by r.n`;
};
const BATCH_INSERTS = new Map(SUBJECTS.map((entity) => [entity, batchInsert(entity)]));
/** Whether the log finds the clients of `subject`'s rows itself (rows of one entity of a client's). */
export const findsClients = (subject: Subject) => BATCH_INSERTS.has(subject);
/**
 * Reads of rows of several entities (the inboxes): their clients come with the answer (`clientIds`), since
 * the ids alone do not say of which entity each row is.
 */
const PLAIN_INSERT = `insert into access_log (login, authorities, client_id, client_ids, what, subject, subject_id,
    subject_ids, row_count, query, request_id, client_ip)
  select r.login, r.authorities, case when cardinality(r.client_ids::bigint[]) = 1 then (r.client_ids::bigint[])[1] end,
         nullif(r.client_ids::bigint[], '{}'), r.what, $11, r.subject_id, r.subject_ids::bigint[], r.row_count, r.query,
         r.request_id, r.client_ip
    from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::int[], $7::text[], $8::text[],
                $9::text[], $10::text[])
      with ordinality as r(login, authorities, what, subject_id, subject_ids, row_count, query, request_id, client_ip,
                           client_ids, n)
   order by r.n`;

export interface AccessEntry {
  login: string;
  authorities: string;
  what: string;
  /** The entity read (one record, or the rows of a list). */
  subject: Subject;
  /** The one record read; null for a list or a search. */
  subjectId: number | null;
  /** The rows' ids of a list (as a PostgreSQL array literal), null when there were more than the log keeps. */
  subjectIds: string | null;
  /** How many rows a list answered; null for a read of one record. */
  rowCount: number | null;
  /** A list's query string. */
  query: string | null;
  /** The clients of rows of several entities (an array literal); found by the insert for one entity's rows. */
  clientIds?: string | null;
  requestId: string;
  clientIp: string;
}

/** Rows per insert at most; more waiting go in the next one. */
const MAX_BATCH = 500;

/**
 * Appends access-log rows in batches (issue 12), one insert at a time: rows that arrive while an insert
 * runs make the next batch, so batches grow with the load and an idle server writes each row at once.
 * Each read waits for its batch's commit before its answer leaves. One insert at a time makes the
 * biggest batches, and PostgreSQL's cost per row falls with the batch (a statement costs about as much
 * as 9 rows): up to three at once (batches of 10 rows at 11,000 client-file calls a second) cost the
 * client file 15.7 % of its throughput, one (batches of 15) 8.1 %, alternating runs on a quiet host
 * (docs/performance.md).
 */
export class AccessLogWriter {
  private queue: Array<{ entry: AccessEntry; resolve: () => void; reject: (error: unknown) => void }> = [];
  private writing = false;
  private scheduled = false;

  constructor(private readonly db: Pick<Queryable, 'query'>) {}

  append(entry: AccessEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      this.schedule();
    });
  }

  /**
   * The next batch, once the insert in flight is done and the reads arriving in this turn of the event
   * loop have joined it.
   */
  private schedule(): void {
    if (this.scheduled || this.writing || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.write();
    });
  }

  private async write(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.writing = true;
    const bySubject = new Map<Subject, typeof batch>();
    for (const waiter of batch) {
      const group = bySubject.get(waiter.entry.subject);
      if (group) group.push(waiter);
      else bySubject.set(waiter.entry.subject, [waiter]);
    }
    try {
      // One insert at a time still: a batch's entities one after the other (usually one or two).
      for (const [subject, waiters] of bySubject) {
        const column = <K extends keyof AccessEntry>(key: K) => waiters.map(({ entry }) => entry[key]);
        const text = BATCH_INSERTS.get(subject);
        try {
          await this.db.query(text ?? PLAIN_INSERT, [
            column('login'),
            column('authorities'),
            column('what'),
            column('subjectId'),
            column('subjectIds'),
            column('rowCount'),
            column('query'),
            column('requestId'),
            column('clientIp'),
            ...(text ? [] : [column('clientIds'), subject]),
          ]);
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.writing = false;
      this.schedule();
    }
  }
}

// The access log's writes (issue 12, issue 23): each read's row joins a multi-row insert, and the read
// waits for its batch's commit. Apart from the routes and hooks (access-log.ts) so that the bench's
// reference server (bench/reference.ts) writes its log exactly as the product does.
import { ENTITIES, clientPathOf, entityByName } from '@bank/domain';
import type { Queryable } from '../../db/database';
import { quote } from '../../db/schema';

/** The entities whose rows are a client's data, by name (domain: clientPathOf). */
export type Subject = string;
const SUBJECTS = ENTITIES.filter((entity) => clientPathOf(entity.name) !== undefined).map((entity) => entity.name);

/** The client id of the record `id` (an SQL expression) of `entity`, following its ref path. */
function clientIdOf(entity: Subject, id: string): string {
  const path = clientPathOf(entity)!.split('.').filter(Boolean);
  if (path.length === 0) return id;
  let current = entityByName(entity);
  let sql = `from ${quote(current.table)} x0`;
  let select = '';
  path.forEach((name, i) => {
    const field = current.field(name)!;
    if (i === path.length - 1) {
      select = `x${i}.${quote(field.column)}`;
      return;
    }
    const next = entityByName(field.ref!);
    sql += ` join ${quote(next.table)} x${i + 1} on x${i + 1}.id = x${i}.${quote(field.column)}`;
    current = next;
  });
  return `(select ${select} ${sql} where x0.id = ${id})`;
}

const bySubject = (sql: (entity: Subject) => string) =>
  `case r.subject ${SUBJECTS.map((entity) => `when '${entity}' then ${sql(entity)}`).join(' ')} end`;

// One statement appends a batch of reads. A read of one record (`subject_id`) finds its client from it; it
// is left out when the record does not exist (the row is written while the read runs: that read is a 404).
// A read of rows (a list, a search) records their ids and the clients they belong to.
const BATCH_INSERT = `insert into access_log (login, authorities, client_id, client_ids, what, subject, subject_id,
                                          subject_ids, row_count, query, request_id, client_ip)
  select r.login, r.authorities, coalesce(${bySubject((entity) => clientIdOf(entity, 'r.subject_id'))},
                                          case when cardinality(c.ids) = 1 then c.ids[1] end),
         c.ids, r.what, r.subject, r.subject_id, r.subject_ids::bigint[], r.row_count, r.query, r.request_id, r.client_ip
    from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::int[], $8::text[],
                $9::text[], $10::text[])
      with ordinality as r(login, authorities, what, subject, subject_id, subject_ids, row_count, query, request_id,
                           client_ip, n)
    cross join lateral (
      select array_agg(distinct u.client order by u.client) filter (where u.client is not null) as ids
        from unnest(r.subject_ids::bigint[]) s(id)
        cross join lateral (select ${bySubject((entity) => clientIdOf(entity, 's.id'))} as client) u) c
   where r.subject_id is null
      or ${bySubject((entity) => `exists (select from ${quote(entityByName(entity).table)} s where s.id = r.subject_id)`)}
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
    const column = <K extends keyof AccessEntry>(key: K) => batch.map(({ entry }) => entry[key]);
    try {
      await this.db.query(BATCH_INSERT, [
        column('login'),
        column('authorities'),
        column('what'),
        column('subject'),
        column('subjectId'),
        column('subjectIds'),
        column('rowCount'),
        column('query'),
        column('requestId'),
        column('clientIp'),
      ]);
      for (const waiter of batch) waiter.resolve();
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }
}

// Named statements on the embedded database. PGlite's own `query` sends each text as an unnamed
// statement, which PostgreSQL parses and plans on every call: 0.8 ms of planning for a request read
// with its joins, which then runs in 0.3 ms (2026-11-28). Here each text is parsed once under a name
// and afterwards only bound and run, as the pg driver does on a server's connections (the most
// recently run ones: see MAX_STATEMENTS); PostgreSQL replans a named statement by itself when a table
// it reads changes. Values are serialised and rows parsed by PGlite's own serialisers and parsers, so
// answers are those of its `query`.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * Named statements kept at most: each holds its parse tree and plans in PGlite's WebAssembly memory, which
 * is never given back (about 110 kB for a request read with its joins, 2026-11-28); the least recently
 * run is closed to make room.
 */
const MAX_STATEMENTS = 100;

/**
 * Runs `text` as a named statement (prepared at its first run) in PGlite's query lock, and in its
 * transaction lock too outside a transaction, as its `query` does.
 */
export function namedStatements(db: PGlite) {
  /** The statements prepared, by text, least recently run first; with their parameter types. */
  const prepared = new Map<string, { name: string; types: number[] }>();
  let made = 0;

  async function prepare(text: string): Promise<{ name: string; types: number[] }> {
    const closing: Uint8Array[] = [];
    for (const [oldest, statement] of prepared) {
      if (prepared.size < MAX_STATEMENTS) break;
      prepared.delete(oldest);
      closing.push(serialize.close({ type: 'S', name: statement.name }));
    }
    const name = `p${++made}`;
    const described = await db.execProtocol(
      concat([...closing, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    return { name, types: parse.parseDescribeStatementResults(described.messages) };
  }

  async function run<R>(text: string, params: readonly unknown[], inTransaction: boolean) {
    let statement = prepared.get(text);
    if (statement) prepared.delete(text);
    else statement = await prepare(text);
    prepared.set(text, statement);
    const { name, types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await db.execProtocol(
      concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, db.parsers)[0]!.rows as R[];
  }

  return <R>(text: string, params: readonly unknown[], inTransaction: boolean): Promise<R[]> => {
    const locked = () => db._runExclusiveQuery(() => run<R>(text, params, inTransaction));
    return inTransaction ? locked() : db._runExclusiveTransaction(locked);
  };
}

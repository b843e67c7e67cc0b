import mysql from 'mysql2/promise';

/** A row of the original database, as mysql2 gives it (DECIMAL and BIGINT as strings). */
export type Row = Record<string, unknown>;

/**
 * Reads a Discuz! Q database in keyset batches (by id, or by a column pair for link tables), so a table of
 * any size streams with bounded memory and each batch is one query on an index.
 */
export class Source {
  private constructor(private readonly conn: mysql.Connection) {}

  static async open(url: string): Promise<Source> {
    const conn = await mysql.createConnection({
      uri: url,
      supportBigNumbers: true,
      bigNumberStrings: true,
      timezone: 'Z',
      charset: 'utf8mb4',
    });
    return new Source(conn);
  }

  /** Whether a table exists (older sites lack some; those steps are skipped and reported). */
  async has(table: string): Promise<boolean> {
    const [rows] = await this.conn.query(
      'SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
      [table],
    );
    return (rows as Row[]).length > 0;
  }

  async count(table: string): Promise<number> {
    const [rows] = await this.conn.query(`SELECT COUNT(*) AS n FROM \`${table}\``);
    return Number((rows as Row[])[0]!.n);
  }

  async query(sql: string, params: unknown[] = []): Promise<Row[]> {
    const [rows] = await this.conn.query(sql, params);
    return rows as Row[];
  }

  /** Batches ordered by `keys` (one id column, or a pair for link tables without an id). */
  async *batches(table: string, keys: string[], size: number): AsyncGenerator<Row[]> {
    const cols = keys.map((k) => `\`${k}\``).join(', ');
    let after: unknown[] | null = null;
    for (;;) {
      const { where, params } = after ? keysetAfter(keys, after) : { where: '', params: [] };
      const rows = await this.query(
        `SELECT * FROM \`${table}\` ${where} ORDER BY ${cols} LIMIT ${size}`,
        params,
      );
      if (rows.length === 0) return;
      yield rows;
      const last = rows[rows.length - 1]!;
      after = keys.map((k) => last[k]);
      if (rows.length < size) return;
    }
  }

  close(): Promise<void> {
    return this.conn.end();
  }
}

/**
 * "After this key" in a form MariaDB turns into an index range: it does not for a row comparison
 * `(a, b) > (?, ?)`, which would scan the table once per batch.
 */
function keysetAfter(keys: string[], after: unknown[]): { where: string; params: unknown[] } {
  const [a, b] = keys.map((k) => `\`${k}\``);
  if (keys.length === 1) return { where: `WHERE ${a} > ?`, params: [after[0]] };
  return {
    where: `WHERE ${a} >= ? AND (${a} > ? OR ${b} > ?)`,
    params: [after[0], after[0], after[1]],
  };
}

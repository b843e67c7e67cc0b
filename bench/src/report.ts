/** One measured scenario. */
export interface Row {
  name: string;
  /** Guest and member rows of one target share it. */
  pair?: string;
  member: boolean;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Throughput as a share of the bare-Fastify ceiling measured at the start of the run. */
  ratio: number;
  /**
   * Cached guest pages: the page and the ceiling measured in turns (six pairs of 2 s, inTurns), and the page's
   * share of the ceiling then. On a shared machine the ceiling moves by 2x within a run; in turns both see the same
   * moments.
   */
  adjacent?: { rps: number; ceilingRps: number; ratio: number };
  /** A member row and its guest row measured in turns (six pairs of 2 s): the median pair's member/guest. */
  guestInTurns?: {
    rps: number;
    guestRps: number;
    ratio: number;
    /** The server's CPU ms per member view (or call) and per guest request over the turns. */
    serverCpuMs?: { member: number; guest: number };
  };
  /** Operations per second where one operation takes several requests (payments, a page and its overlay). */
  opsPerSec?: number;
  /** What an operation is ('payments', 'views'). */
  opUnit?: string;
  rssMb: number;
  /** Bytes read per reply, headers included (autocannon rows). */
  bytes?: number;
  /** The load generator's CPU over the row, as a share of one core (it shares the machine with the server). */
  clientCpu?: number;
  /** CPU ms per request: the server process, and PostgreSQL (every postgres process of the machine). */
  cpuMs: { server: number; db: number };
}

/** Realtime delivery: ms from `dialog.create` to the recipient's WebSocket (no ceiling to compare it with). */
export interface DeliveryRow {
  name: string;
  p50: number;
  p99: number;
  /** Sends that failed or never arrived. */
  lost: number;
  /** Peak RSS of the server holding the sockets. */
  rssMb: number;
}

/** Everything measured against one database. */
export interface TargetResult {
  label: string;
  rows: Row[];
  delivery: DeliveryRow[];
  /** Server RSS and the embedded PostgreSQL's PSS, started and idle. */
  idle: { rssMb: number; pgPssMb: number };
  /** Server RSS peak over the whole run, set-up between the rows included (sampled every 500 ms). */
  runPeakRssMb?: number;
  pgPeakPssMb: number;
}

/**
 * A member row's throughput over its guest row's (same pair name), counting whole operations where a row has
 * them (a member view is a page and its overlay); undefined for rows without a guest counterpart.
 */
export function memberGuestRatio(rows: Row[], row: Row): number | undefined {
  if (!row.member || !row.pair) return undefined;
  const guest = rows.find((x) => x.pair === row.pair && !x.member);
  if (!guest || guest.rps === 0) return undefined;
  return Math.round(((row.opsPerSec ?? row.rps) / guest.rps) * 100) / 100;
}

/** Rows with failed requests (errors, timeouts, non-2xx replies), one line each. */
export function failedRows(targets: Pick<TargetResult, 'label' | 'rows'>[]): string[] {
  return targets.flatMap((t) =>
    t.rows.filter((x) => x.errors).map((x) => `[${t.label}] ${x.name}: ${x.errors} failed`),
  );
}

/** Prints each target's rows side by side, the member/guest ratios, and memory. */
export function printReport(r: {
  connections: number;
  duration: number;
  cores: number;
  ceiling: { rps: number; p99: number; bytes?: number; clientCpu?: number; cpuMs: { server: number } };
  realtime: { clients: number; messages: number; rate: number };
  targets: TargetResult[];
}): void {
  console.log(`\nbench: ${r.connections} connections x ${r.duration} s per row, loopback, ${r.cores} cores`);
  console.log(
    `ceiling (bare Fastify JSON): ${r.ceiling.rps} req/s, p99 ${r.ceiling.p99} ms, ${r.ceiling.bytes} B/reply, ` +
      `server ${r.ceiling.cpuMs.server} ms CPU per request, load generator ${Math.round((r.ceiling.clientCpu ?? 0) * 100)} % of a core`,
  );
  const names = r.targets[0]?.rows.map((x) => x.name) ?? [];
  const table: Record<string, Record<string, string | number>> = {};
  for (const name of names) {
    const line: Record<string, string | number> = {};
    for (const t of r.targets) {
      const row = t.rows.find((x) => x.name === name);
      if (!row) continue;
      line[`${t.label} req/s`] = row.rps;
      line[`${t.label} p99 ms`] = row.p99;
      line[`${t.label} x ceiling`] = row.ratio;
      if (row.adjacent) line[`${t.label} x ceiling, in turns`] = row.adjacent.ratio;
      if (row.opsPerSec !== undefined)
        line[`${t.label} ops/s`] = `${row.opsPerSec} ${row.opUnit ?? ''}`.trim();
      const ratio = memberGuestRatio(t.rows, row);
      if (ratio !== undefined) line[`${t.label} member/guest`] = ratio;
      if (row.guestInTurns) line[`${t.label} member/guest, in turns`] = row.guestInTurns.ratio;
      line[`${t.label} CPU ms/req server+db`] = `${row.cpuMs.server}+${row.cpuMs.db}`;
      if (row.errors) line[`${t.label} errors`] = row.errors;
    }
    table[name] = line;
  }
  console.table(table);
  // Every member row against its guest row (a member view counts the page and its overlay as one).
  const ratios: Record<string, Record<string, string | number>> = {};
  for (const t of r.targets) {
    for (const member of t.rows) {
      const ratio = memberGuestRatio(t.rows, member);
      if (ratio === undefined) continue;
      ratios[member.name] = {
        ...ratios[member.name],
        [`${t.label} member/guest`]: ratio,
        ...(member.guestInTurns ? { [`${t.label} member/guest, in turns`]: member.guestInTurns.ratio } : {}),
        // What the server spends on a member's view (or call) against a guest's, in the same turns.
        ...(member.guestInTurns?.serverCpuMs
          ? {
              [`${t.label} server CPU ms, member/guest, in turns`]: `${member.guestInTurns.serverCpuMs.member}/${member.guestInTurns.serverCpuMs.guest}`,
            }
          : {}),
      };
    }
  }
  console.table(ratios);
  const delivery: Record<string, Record<string, number>> = {};
  for (const t of r.targets) {
    for (const d of t.delivery) {
      delivery[d.name] = {
        ...delivery[d.name],
        [`${t.label} p50 ms`]: d.p50,
        [`${t.label} p99 ms`]: d.p99,
        ...(d.lost ? { [`${t.label} lost`]: d.lost } : {}),
      };
    }
  }
  if (Object.keys(delivery).length) {
    const { clients, messages, rate } = r.realtime;
    console.log(
      `realtime delivery, ms from dialog.create to the recipient's WebSocket (${clients} sockets open, ${messages} messages at ${rate}/s):`,
    );
    console.table(delivery);
  }
  console.table(
    Object.fromEntries(
      r.targets.map((t) => [
        t.label,
        {
          'server RSS idle MB': t.idle.rssMb,
          'server RSS peak MB': Math.max(...t.rows.map((x) => x.rssMb), ...t.delivery.map((x) => x.rssMb)),
          ...(t.runPeakRssMb ? { 'server RSS peak MB, whole run': t.runPeakRssMb } : {}),
          'embedded PostgreSQL PSS idle MB': t.idle.pgPssMb,
          'embedded PostgreSQL PSS peak MB': t.pgPeakPssMb,
        },
      ]),
    ),
  );
  // A row whose requests failed measured the failure, not the work: said last, where it is read.
  const failed = failedRows(r.targets);
  if (failed.length)
    console.log(`\nROWS WITH FAILED REQUESTS (their rates are not the work's):\n${failed.join('\n')}`);
}

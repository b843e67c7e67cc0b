/** Seconds: requests and queries of a forum are mostly a few milliseconds; pages and writes tens. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/** One label set's counts: per bucket (not yet cumulative; the last one is +Inf), sum and count. */
interface Series {
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** A sample as prom-client's registry formats it. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The request latency histogram by method, route pattern and status class, kept as plain counters: prom-client's
 * own Histogram hashes its label object on every observe (measured here: microseconds per request), this finds
 * its series in two map lookups and allocates nothing once a series exists. The registry reads it through get(),
 * the interface its metrics have.
 */
export class RequestHistogram {
  readonly name = 'forum_http_request_duration_seconds';
  readonly help = 'HTTP requests by route pattern (not the raw URL) and status class; _count gives the rate';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<string, Series[]>>();

  /** One finished request. */
  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    const cls = Math.min(Math.trunc(status / 100), 5);
    const s = (byClass[cls] ??= {
      buckets: new Float64Array(LATENCY_BUCKETS.length + 1),
      sum: 0,
      count: 0,
    });
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    s.buckets[i]! += 1;
    s.sum += seconds;
    s.count += 1;
  }

  /** The samples, cumulative per bucket as the exposition format wants. */
  get(): { name: string; help: string; type: string; aggregator: string; values: Sample[] } {
    const values: Sample[] = [];
    for (const [route, byMethod] of this.series) {
      for (const [method, byClass] of byMethod) {
        byClass.forEach((s, cls) => {
          const labels = { method, route, status_class: STATUS_CLASSES[cls]! };
          let acc = 0;
          for (let i = 0; i <= LATENCY_BUCKETS.length; i++) {
            acc += s.buckets[i]!;
            const le = i < LATENCY_BUCKETS.length ? LATENCY_BUCKETS[i]! : '+Inf';
            values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: acc });
          }
          values.push({ metricName: `${this.name}_sum`, labels, value: s.sum });
          values.push({ metricName: `${this.name}_count`, labels, value: s.count });
        });
      }
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** Nothing to reset between scrapes: the counts only grow. */
  reset(): void {}
}

/** A histogram without labels (statement times), kept the same lean way: one bucket search per observe. */
export class PlainHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly s: Series = { buckets: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0, count: 0 };

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  observe(seconds: number): void {
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    this.s.buckets[i]! += 1;
    this.s.sum += seconds;
    this.s.count += 1;
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: Sample[] } {
    const values: Sample[] = [];
    let acc = 0;
    for (let i = 0; i <= LATENCY_BUCKETS.length; i++) {
      acc += this.s.buckets[i]!;
      const le = i < LATENCY_BUCKETS.length ? LATENCY_BUCKETS[i]! : '+Inf';
      values.push({ metricName: `${this.name}_bucket`, labels: { le }, value: acc });
    }
    values.push({ metricName: `${this.name}_sum`, labels: {}, value: this.s.sum });
    values.push({ metricName: `${this.name}_count`, labels: {}, value: this.s.count });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {}
}

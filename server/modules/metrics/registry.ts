/**
 * A minimal Prometheus registry: counters, gauges and histograms with labels, rendered in the
 * text exposition format 0.0.4. Enough for /metrics without a dependency.
 */

type Labels = Record<string, string>;

function key(labels: Labels): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

function renderLabels(labels: Labels, extra: Labels = {}): string {
  const all = { ...labels, ...extra };
  const parts = Object.entries(all).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
}

function number(value: number): string {
  if (value === Infinity) return "+Inf";
  return Number.isInteger(value) ? String(value) : value.toPrecision(12).replace(/\.?0+$/, "");
}

interface Metric {
  render(): string;
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  readonly name: string;
  readonly help: string;
  constructor(name: string, help: string) {
    this.name = name;
    this.help = help;
  }
  inc(labels: Labels = {}, by = 1): void {
    const k = key(labels);
    const entry = this.values.get(k);
    if (entry) entry.value += by;
    else this.values.set(k, { labels, value: by });
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${renderLabels(labels)} ${number(value)}`);
    return lines.join("\n");
  }
}

export class Gauge implements Metric {
  private values = new Map<string, { labels: Labels; value: number }>();
  readonly name: string;
  readonly help: string;
  constructor(name: string, help: string) {
    this.name = name;
    this.help = help;
  }
  set(labels: Labels, value: number): void {
    this.values.set(key(labels), { labels, value });
  }
  reset(): void {
    this.values = new Map();
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${renderLabels(labels)} ${number(value)}`);
    return lines.join("\n");
  }
}

export class Histogram implements Metric {
  private readonly values = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
  readonly name: string;
  readonly help: string;
  readonly bounds: readonly number[];
  constructor(name: string, help: string, bounds: readonly number[]) {
    this.name = name;
    this.help = help;
    this.bounds = bounds;
  }
  observe(labels: Labels, value: number): void {
    const k = key(labels);
    let entry = this.values.get(k);
    if (!entry) {
      entry = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.values.set(k, entry);
    }
    for (const [i, bound] of this.bounds.entries()) if (value <= bound) entry.buckets[i] = (entry.buckets[i] ?? 0) + 1;
    entry.sum += value;
    entry.count += 1;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, buckets, sum, count } of this.values.values()) {
      for (const [i, bound] of this.bounds.entries()) lines.push(`${this.name}_bucket${renderLabels(labels, { le: number(bound) })} ${buckets[i] ?? 0}`);
      lines.push(`${this.name}_bucket${renderLabels(labels, { le: "+Inf" })} ${count}`);
      lines.push(`${this.name}_sum${renderLabels(labels)} ${number(sum)}`);
      lines.push(`${this.name}_count${renderLabels(labels)} ${count}`);
    }
    return lines.join("\n");
  }
}

export function renderAll(metrics: readonly Metric[]): string {
  return `${metrics.map((m) => m.render()).join("\n")}\n`;
}

// Running percentiles of this page's turns (nearest rank), shown in the latency panel.

export function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export class Stats {
  constructor(tableBody, format) {
    this.body = tableBody;
    this.format = format;
    this.series = new Map();
  }

  add(name, value) {
    if (value === null || value === undefined || !(value >= 0)) return;
    if (!this.series.has(name)) this.series.set(name, []);
    this.series.get(name).push(value);
    this.render(name);
  }

  render(name) {
    const row = this.body.querySelector(`[data-stat="${name}"]`);
    if (!row) return;
    const values = this.series.get(name) || [];
    row.querySelector('.count').textContent = String(values.length);
    row.querySelector('.p50').textContent = this.format(percentile(values, 50));
    row.querySelector('.p95').textContent = this.format(percentile(values, 95));
  }
}

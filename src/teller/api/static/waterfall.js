// A turn's stage timings as a waterfall, from the turn's own `timings_ms` plus the browser's clock.
//
// Spoken turns are drawn from the end of speech (0): the endpointer's wait (`end_of_speech`), the
// final ASR decode (`asr_decode` long, ready at `asr_final`), then the pipeline's stages one after
// another from the final transcript, ending near `eos_to_action`. Typed turns start at 0 with `load`.
// The LLM bar carries a tick at its time to first token (`llm_ttft`). The last row is what the browser
// measured: end of speech (its own level meter) → result for speech, request → response for text.
import { el } from './dom.js';
import { ms } from './format.js';

const PIPELINE = [
  ['load', 'load'], ['normalize', 'normalize'], ['names', 'names'], ['understand', 'understand'],
  ['llm_load', 'LLM load'], ['llm', 'LLM'], ['policy', 'policy'], ['act', 'act'],
];

export function stages(timings) {
  const rows = [];
  const spoken = timings.eos_to_action !== undefined;
  let at = 0;
  if (spoken) {
    rows.push({ key: 'end_of_speech', label: 'end-of-speech wait', start: 0, ms: timings.end_of_speech ?? 0 });
    const decode = timings.asr_decode ?? 0;
    const ready = timings.asr_final ?? 0;
    rows.push({ key: 'asr_final', label: 'ASR final', start: Math.max(0, ready - decode), ms: decode, note: `ready +${ms(ready)}` });
    at = ready;
  }
  for (const [key, label] of PIPELINE) {
    if (timings[key] === undefined) continue;
    const row = { key, label, start: at, ms: timings[key] };
    if (key === 'llm' && timings.llm_ttft !== undefined) {
      row.tick = timings.llm_ttft;
      row.note = `TTFT ${ms(timings.llm_ttft)}`;
    }
    rows.push(row);
    at += timings[key];
  }
  const total = spoken ? timings.eos_to_action : timings.total;
  if (total !== undefined) rows.push({ key: spoken ? 'eos_to_action' : 'total', label: spoken ? 'server: end of speech → result' : 'server total', start: 0, ms: total, total: true });
  return rows;
}

export function waterfall(timings, browserMs, spoken) {
  const rows = stages(timings || {});
  if (browserMs !== null && browserMs !== undefined) {
    rows.push({ key: 'browser', label: spoken ? 'browser: end of speech → result' : 'browser round trip', start: 0, ms: browserMs, total: true });
  }
  const scale = Math.max(1e-6, ...rows.map((r) => r.start + r.ms));
  const list = el('ol', { class: 'waterfall' });
  for (const row of rows) {
    const fill = el('span', { class: 'fill' });
    fill.style.left = `${(100 * row.start) / scale}%`;
    fill.style.width = `${Math.max(0.3, (100 * row.ms) / scale)}%`;
    const bar = el('span', { class: 'bar', 'aria-hidden': 'true' }, fill);
    if (row.tick !== undefined) {
      const tick = el('span', { class: 'tick' });
      tick.style.left = `${(100 * (row.start + row.tick)) / scale}%`;
      bar.append(tick);
    }
    list.append(el(
      'li', { class: row.total ? 'total' : null, dataset: { stage: row.key, ms: String(row.ms) } },
      el('span', { class: 'name' }, row.label),
      bar,
      el('span', { class: 'ms' }, ms(row.ms), row.note ? el('small', {}, ` (${row.note})`) : null),
    ));
  }
  return list;
}

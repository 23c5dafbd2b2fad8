// Band-limited resampling for the microphone path (any browser rate → 16 kHz), pure and streaming.
//
// Each output sample is a windowed-sinc (Blackman) interpolation of the input around its position,
// with the cutoff below the output's Nyquist (7 kHz for 16 kHz) so nothing above it folds back into
// the speech band. Kernels are tabulated for `phases` fractional offsets and normalised to unit DC
// gain. The output lags the input by `half` input samples (1 ms at 48 kHz) so that after N input
// samples exactly ceil(N · out / in) outputs have been produced: the stream's clock stays the mic's.

export class Resampler {
  constructor(inRate, outRate, { zeros = 16, phases = 256, cutoffHz = 0.4375 * outRate } = {}) {
    if (!(inRate > 0 && outRate > 0)) throw new RangeError('sample rates must be positive');
    this.step = inRate / outRate; // input samples per output sample
    const ratio = Math.min(1, outRate / inRate);
    this.half = Math.ceil(zeros / ratio); // kernel half-width in input samples
    this.phases = phases;
    const width = 2 * this.half;
    const fc = Math.min(cutoffHz, 0.5 * Math.min(inRate, outRate)) / inRate; // cycles per input sample
    this.table = [];
    for (let p = 0; p <= phases; p++) {
      const frac = p / phases;
      const row = new Float32Array(width);
      let sum = 0;
      for (let j = 0; j < width; j++) {
        const x = j - this.half + 1 - frac; // distance from the output position, in input samples
        const u = x / this.half;
        const window = Math.abs(u) >= 1 ? 0 : 0.42 + 0.5 * Math.cos(Math.PI * u) + 0.08 * Math.cos(2 * Math.PI * u);
        const arg = 2 * fc * x;
        const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
        row[j] = 2 * fc * sinc * window;
        sum += row[j];
      }
      for (let j = 0; j < width; j++) row[j] /= sum;
      this.table.push(row);
    }
    // Buffer index b holds input sample b - 2·half (the first 2·half are the zeros before the stream).
    this.buffer = new Float32Array(2 * this.half);
    this.t = this.half; // buffer position of the next output's centre (input index -half)
  }

  /** Feed input samples (Float32Array); returns the output samples they complete (Float32Array). */
  process(input) {
    const buf = new Float32Array(this.buffer.length + input.length);
    buf.set(this.buffer);
    buf.set(input, this.buffer.length);
    const width = 2 * this.half;
    const out = [];
    for (;;) {
      const i0 = Math.floor(this.t);
      if (i0 + this.half >= buf.length) break;
      const row = this.table[Math.round((this.t - i0) * this.phases)];
      const base = i0 - this.half + 1;
      let acc = 0;
      for (let j = 0; j < width; j++) acc += buf[base + j] * row[j];
      out.push(acc);
      this.t += this.step;
    }
    const keep = Math.max(0, Math.floor(this.t) - this.half + 1);
    this.buffer = buf.slice(keep);
    this.t -= keep;
    return Float32Array.from(out);
  }
}

// AudioWorklet: microphone audio → 16 kHz mono PCM16 chunks posted to the page (transferred, not copied).
// Each message is { pcm: ArrayBuffer of Int16 little-endian, rms: level of the chunk in [0, 1] }.
import { Resampler } from './resample.js';

class PcmProcessor extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const { targetRate = 16000, chunkMs = 20 } = options.processorOptions || {};
    this.resampler = new Resampler(sampleRate, targetRate); // sampleRate: the context's, a worklet global
    this.chunk = new Int16Array(Math.round((targetRate * chunkMs) / 1000));
    this.fill = 0;
    this.energy = 0;
    this.port.onmessage = (event) => {
      if (event.data === 'flush') this.flush();
    };
  }

  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    let mono = channels[0];
    if (channels.length > 1) {
      mono = new Float32Array(channels[0].length);
      for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i] += channel[i] / channels.length;
    }
    for (const value of this.resampler.process(mono)) {
      const s = Math.max(-1, Math.min(1, value));
      this.chunk[this.fill++] = s < 0 ? Math.round(s * 32768) : Math.round(s * 32767);
      this.energy += s * s;
      if (this.fill === this.chunk.length) this.flush();
    }
    return true;
  }

  flush() {
    if (this.fill === 0) return;
    const pcm = this.chunk.slice(0, this.fill);
    this.port.postMessage({ pcm: pcm.buffer, rms: Math.sqrt(this.energy / this.fill) }, [pcm.buffer]);
    this.fill = 0;
    this.energy = 0;
  }
}

registerProcessor('teller-pcm', PcmProcessor);

// The microphone: getUserMedia → AudioWorklet (resample to 16 kHz, PCM16) → onChunk(ArrayBuffer, rms).
// The audio context and its worklet stay loaded between uses; the microphone itself is opened per use
// and released at stop (so the browser's recording indicator means what it says).

export class Microphone {
  constructor(onChunk) {
    this.onChunk = onChunk;
    this.context = null;
    this.node = null;
    this.stream = null;
    this.source = null;
    this.wanted = false;
    this.ready = null;
  }

  get active() {
    return this.stream !== null;
  }

  /** Load the audio context and its worklet ahead of the first press (it starts suspended). */
  async prepare() {
    if (!this.ready) {
      this.ready = (async () => {
        const context = new AudioContext({ latencyHint: 'interactive' });
        await context.audioWorklet.addModule('/console/pcm-worklet.js');
        const node = new AudioWorkletNode(context, 'teller-pcm', {
          numberOfInputs: 1,
          numberOfOutputs: 1,
          channelCount: 1,
          channelCountMode: 'explicit',
          processorOptions: { targetRate: 16000, chunkMs: 20 },
        });
        node.port.onmessage = (event) => {
          if (this.stream) this.onChunk(event.data.pcm, event.data.rms);
        };
        node.connect(context.destination); // keeps the node pulled; it writes silence
        this.context = context;
        this.node = node;
      })();
    }
    return this.ready;
  }

  async start() {
    this.wanted = true;
    if (this.stream) return;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      throw new Error('This browser gives no microphone here (it needs https or localhost).');
    }
    const resumed = this.prepare().then(() => this.context.resume());
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    await this.prepare();
    if (!this.wanted) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    // Connect at once: whatever the microphone delivers before this is lost.
    this.stream = stream;
    this.source = this.context.createMediaStreamSource(stream);
    this.source.connect(this.node);
    await resumed;
  }

  stop() {
    this.wanted = false;
    if (this.node) this.node.port.postMessage('flush');
    if (this.source) this.source.disconnect();
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.source = null;
    this.stream = null;
  }
}

// The console's only way to the server: the key goes in an Authorization header (HTTP) or a
// WebSocket subprotocol, never in a URL. Errors come back as ApiError with the server's code.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

export function newId() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, '');
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

function base64url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function failure(response) {
  let code = `http_${response.status}`;
  let message = response.statusText;
  try {
    const body = await response.json();
    if (body && body.error) ({ code, message } = body.error);
  } catch {
    // not JSON: keep the status line
  }
  if (response.status === 429) message = `The server is busy; try again in ${response.headers.get('Retry-After') || 1} s`;
  return new ApiError(response.status, code, message);
}

export class Client {
  constructor() {
    this.key = null;
  }

  headers(extra = {}) {
    const headers = { Accept: 'application/json', ...extra };
    if (this.key) headers.Authorization = `Bearer ${this.key}`;
    return headers;
  }

  async get(path) {
    const response = await fetch(path, { headers: this.headers(), cache: 'no-store', credentials: 'omit' });
    if (!response.ok) throw await failure(response);
    return response.json();
  }

  async post(path, body, extraHeaders = {}) {
    const response = await fetch(path, {
      method: 'POST',
      headers: this.headers({ 'Content-Type': 'application/json', ...extraHeaders }),
      body: JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    });
    if (!response.ok) throw await failure(response);
    return response.json();
  }

  /** POST, then read Server-Sent Events: onEvent(name, data) for each, in order. */
  async stream(path, body, onEvent) {
    const response = await fetch(path, {
      method: 'POST',
      headers: this.headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
      body: JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    });
    if (!response.ok) throw await failure(response);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
        let name = 'message';
        const data = [];
        for (const line of block.split(/\r?\n/)) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length) onEvent(name, JSON.parse(data.join('\n')));
      }
    }
  }

  /** A WebSocket to the turn stream, continuing `sessionId`, with the key in a subprotocol. */
  socket(sessionId) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${scheme}://${location.host}/v1/turns/stream?session_id=${encodeURIComponent(sessionId)}`;
    const ws = new WebSocket(url, ['teller.v1', `teller.bearer.${base64url(this.key || '')}`]);
    ws.binaryType = 'arraybuffer';
    return ws;
  }
}

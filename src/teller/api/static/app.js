// The Teller console: wires the page to the API (see docs/console.md for what each part shows).
import { Client, newId } from './api.js';
import { citation, renderAnswer, resultCard, scheduledTable, settle } from './cards.js';
import { el, table } from './dom.js';
import { JAPANESE, lang, money, ms } from './format.js';
import { Microphone } from './mic.js';
import { Stats } from './stats.js';

const $ = (id) => document.getElementById(id);
const KEY_STORE = 'teller.console.key'; // sessionStorage: this tab only, gone when it closes
const VOICED_RMS = 0.015; // chunk level (≈ -36 dBFS) the page's own meter counts as speech
const MAX_QUEUED = 500; // audio chunks (10 s) held while the WebSocket opens

const client = new Client();
const state = {
  sessionId: newId(),
  bank: { accounts: new Map(), payees: new Map(), cards: new Map() },
  customers: [],
};
const stats = new Stats($('stats').querySelector('tbody'), ms);

function status(text, kind = 'info') {
  const node = $('status');
  node.textContent = text;
  node.dataset.kind = kind;
}

function addCard(card) {
  $('conversation').append(el('li', {}, card));
  card.scrollIntoView({ block: 'nearest' });
}

function errorCard(words, error) {
  const card = el('article', { class: 'card error', dataset: { action: 'error' } },
    el('header', {}, el('h3', {}, 'Not done')),
    words ? el('p', { class: 'you' }, el('q', { lang: lang(words) }, words)) : null,
    el('p', { class: 'reason' }, `${error.code ? `${error.code}: ` : ''}${error.message}`));
  addCard(card);
}

// ---------------------------------------------------------------------------------- who is speaking

// Each pick of a customer starts a new generation; answers that arrive for an older one are dropped,
// so a slow reply for the previous customer can never paint over the current one.
let generation = 0;

async function loadBank(gen = generation) {
  const [accounts, payees, cards] = await Promise.all([
    client.get('/v1/accounts'), client.get('/v1/payees'), client.get('/v1/cards'),
  ]);
  if (gen !== generation) return;
  state.bank.accounts = new Map(accounts.map((a) => [a.id, a]));
  state.bank.payees = new Map(payees.map((p) => [p.id, p]));
  state.bank.cards = new Map(cards.map((c) => [c.id, c]));
  $('accounts').replaceChildren(table('accounts-panel', 'Your accounts', [{ label: 'Account' }, { label: 'Balance', numeric: true }],
    accounts.map((a) => [`${a.label} ···${a.number_last4}`, money(a.balance_minor, a.currency)])));
  await loadScheduled(gen);
}

async function loadScheduled(gen = generation) {
  const panel = $('scheduled-panel');
  let rows;
  try {
    rows = await client.get('/v1/scheduled');
  } catch {
    if (gen === generation) panel.hidden = true; // a server without scheduled payments
    return;
  }
  if (gen !== generation) return;
  $('scheduled').replaceChildren(rows.length ? scheduledTable(rows, state.bank, cancelScheduled) : el('p', {}, 'Nothing scheduled.'));
  panel.hidden = false;
}

async function cancelScheduled(payment) {
  try {
    await client.post(`/v1/scheduled/${encodeURIComponent(payment.id)}/cancel`, {});
    status(`Cancelled the payment of ${money(payment.amount_minor, payment.currency)} on ${payment.execute_on}.`);
  } catch (error) {
    status(`Not cancelled: ${error.message}`, 'error');
  }
  await loadBank().catch(() => {});
}

async function useKey(key, label) {
  const gen = ++generation;
  const previous = client.key;
  voice.close();
  client.key = key;
  try {
    await loadBank(gen);
  } catch (error) {
    if (gen !== generation) return false; // someone else was picked meanwhile: their load decides
    generation += 1; // the previous customer stays; drop anything still in flight for this key
    client.key = previous;
    status(error.code === 'unauthenticated' ? 'That key was not accepted.' : error.message, 'error');
    return false;
  }
  if (gen !== generation) return false;
  sessionStorage.setItem(KEY_STORE, key);
  state.sessionId = newId();
  const known = state.customers.find((c) => c.key === key);
  $('customer').value = known ? known.id : '';
  status(`Speaking as ${known ? `${known.name} (${known.id})` : label || 'the customer of this key'}.`);
  $('conversation').append(el('li', { class: 'divider' }, `— ${known ? known.name : 'API key'} —`));
  return true;
}

async function initWho() {
  try {
    state.customers = (await client.get('/v1/demo/customers')).customers;
  } catch {
    state.customers = []; // not a demo server: an API key is needed
  }
  const select = $('customer');
  select.replaceChildren(el('option', { value: '' }, '(API key)'),
    ...state.customers.map((c) => el('option', { value: c.id, lang: lang(c.name) }, `${c.name} · ${c.id}`)));
  $('picker').hidden = state.customers.length === 0;
  select.addEventListener('change', () => {
    const customer = state.customers.find((c) => c.id === select.value);
    if (customer) useKey(customer.key);
  });
  $('who').addEventListener('submit', (event) => {
    event.preventDefault();
    const key = $('api-key').value.trim();
    if (!key) return;
    $('api-key').value = '';
    useKey(key);
  });
  const stored = sessionStorage.getItem(KEY_STORE);
  if (stored && (await useKey(stored))) return;
  if (state.customers.length) await useKey(state.customers[0].key);
  else status('Enter an API key to start.');
}

// ---------------------------------------------------------------------------------------- turns

const actions = {
  async resolve(card, pending, op) {
    for (const button of card.querySelectorAll('.confirm-actions button')) button.disabled = true;
    try {
      const out = await client.post(`/v1/actions/${encodeURIComponent(pending.action_id)}/${op}`,
        { token: pending.token }, { 'Idempotency-Key': newId() });
      settle(card, out.status, out.detail || {});
    } catch (error) {
      settle(card, 'error', { message: error.message });
    }
    await loadBank().catch(() => {});
  },

  choose(result, candidate, turn) {
    const original = (turn.source === 'voice' ? result.transcript : turn.text) || '';
    const names = (result.trace || []).filter((t) => t.stage === 'names');
    const surface = (names.find((t) => t.value === candidate.id) || names[0] || {}).surface;
    const payee = state.bank.payees.get(candidate.id);
    const japanese = JAPANESE.test(original);
    const name = candidate.kind === 'payee' && payee && payee.latin && !japanese ? payee.latin : candidate.display_name;
    const at = surface ? original.toLowerCase().lastIndexOf(surface.toLowerCase()) : -1;
    let text;
    if (at >= 0) {
      text = original.slice(0, at) + name + original.slice(at + surface.length);
    } else if (candidate.kind === 'card' && state.bank.cards.get(candidate.id)) {
      const card = state.bank.cards.get(candidate.id);
      text = japanese ? `${original}（末尾${card.last4}のカード）` : `${original}, the card ending in ${card.last4}`;
    } else {
      text = `${original} ${name}`;
    }
    sendText(text);
  },
};

async function afterResult(result, card, words) {
  const data = result.data || {};
  if ((result.intent === 'affirm' || result.intent === 'deny') && data.action_id) {
    const target = document.querySelector(`article.card[data-action-id="${CSS.escape(String(data.action_id))}"]`);
    if (target && !target.dataset.settled) settle(target, data.status || 'executed', data);
  }
  if (result.intent === 'qna') await answer(card, words || '');
  if (result.action === 'execute') await loadBank().catch(() => {});
  await reconcile(card);
}

/** Cards whose pending action the server no longer holds (replaced, cancelled, expired) say so. */
async function reconcile(latest) {
  const open = [...document.querySelectorAll('article.card[data-action-id]:not([data-settled])')].filter((c) => c !== latest);
  if (!open.length) return;
  let pending;
  try {
    pending = new Set((await client.get('/v1/actions')).map((a) => a.action_id));
  } catch {
    return;
  }
  for (const card of open) {
    if (!pending.has(card.dataset.actionId)) settle(card, 'closed', { message: 'cancelled, replaced or expired' });
  }
}

async function sendText(text) {
  const t0 = performance.now();
  let result;
  try {
    result = await client.post('/v1/turns', { text, session_id: state.sessionId });
  } catch (error) {
    errorCard(text, error);
    return;
  }
  const browserMs = performance.now() - t0;
  const card = resultCard(result, { source: 'text', text, browserMs }, state.bank, actions);
  addCard(card);
  stats.add('text', browserMs);
  await afterResult(result, card, text);
}

// ---------------------------------------------------------------------------------------- QnA

async function answer(card, question) {
  const node = card.querySelector('.answer');
  node.dataset.state = 'streaming';
  let text = '';
  let tokens = 0;
  let first = null;
  const t0 = performance.now();
  const body = JAPANESE.test(question) ? { question, language: 'ja' } : { question };
  try {
    await client.stream('/v1/qna', body, (name, data) => {
      if (name === 'retrieved') {
        card.append(el('div', { class: 'sources' }, el('span', {}, 'Sources: '),
          data.articles.length ? data.articles.map((a) => citation(a.id, a.title, openArticle)) : 'none found'));
      } else if (name === 'token') {
        if (first === null) first = performance.now() - t0;
        text += data.text;
        node.dataset.tokens = String(++tokens);
        renderAnswer(node, text, openArticle);
      } else if (name === 'done') {
        node.dataset.state = 'done';
        node.dataset.grounded = String(data.grounded);
        if (!data.grounded) node.append(el('p', { class: 'reason' }, 'Not grounded in an article: Teller offers a person instead.'));
      } else if (name === 'error') {
        node.dataset.state = 'error';
        node.append(el('p', { class: 'reason' }, `${data.code}: ${data.message}`));
      }
    });
  } catch (error) {
    node.dataset.state = 'error';
    node.append(el('p', { class: 'reason' }, error.message));
  }
  if (node.dataset.state === 'streaming') node.dataset.state = 'done';
  const list = card.querySelector('.waterfall');
  const total = performance.now() - t0;
  for (const [key, label, value] of [['qna_first_token', 'QnA first token (browser)', first], ['qna_total', 'QnA answer (browser)', total]]) {
    if (value !== null) list.append(el('li', { class: 'total', dataset: { stage: key, ms: String(value) } }, el('span', { class: 'name' }, label), el('span', { class: 'bar' }), el('span', { class: 'ms' }, ms(value))));
  }
  stats.add('qna', first);
}

async function openArticle(id) {
  const dialog = $('article');
  try {
    const article = await client.get(`/v1/qna/articles/${encodeURIComponent(id)}`);
    $('article-title').textContent = article.title;
    $('article-title').lang = article.language;
    $('article-meta').textContent = `${article.id} · ${article.language} · ${article.tags.join(', ')}`;
    $('article-body').replaceChildren(...article.body.split(/\n\s*\n/).map((p) => el('p', { lang: article.language }, p.trim())));
  } catch (error) {
    $('article-title').textContent = id;
    $('article-meta').textContent = '';
    $('article-body').replaceChildren(el('p', {}, error.message));
  }
  dialog.showModal();
}

// ---------------------------------------------------------------------------------------- voice

class Voice {
  constructor() {
    this.ws = null;
    this.queue = [];
    this.mode = null; // 'ptt' | 'handsfree' | null
    this.lastVoiceAt = null;
    this.turn = { partials: [], voicedAt: null };
    this.mic = new Microphone((pcm, rms) => this.chunk(pcm, rms));
  }

  connect() {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const ws = client.socket(state.sessionId);
    ws.onopen = () => {
      for (const item of this.queue.splice(0)) ws.send(item);
    };
    ws.onmessage = (event) => this.event(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.queue = [];
      if (event.code === 1013) status('The server has no room for another voice stream; try again.', 'error');
      else if (event.code === 1008) status('The voice stream refused this key.', 'error');
      if (this.mode) this.stop();
    };
    this.ws = ws;
  }

  send(item) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(item);
    else if (this.queue.length < MAX_QUEUED) this.queue.push(item);
  }

  chunk(pcm, rms) {
    if (rms >= VOICED_RMS) this.lastVoiceAt = performance.now();
    $('level-fill').style.width = `${Math.min(100, Math.round(rms * 400))}%`;
    this.send(pcm);
  }

  async start(mode) {
    if (this.mode || !client.key) return;
    this.mode = mode;
    this.connect();
    talking(true, mode);
    try {
      await this.mic.start();
    } catch (error) {
      status(`Microphone: ${error.message}`, 'error');
      this.stop();
      if (mode === 'handsfree') $('handsfree').checked = false;
    }
  }

  stop() {
    if (!this.mode) return;
    this.mode = null;
    this.mic.stop();
    this.send(JSON.stringify({ type: 'end' }));
    talking(false);
    $('level-fill').style.width = '0%';
  }

  close() {
    this.stop();
    $('handsfree').checked = false;
    this.queue = [];
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close();
    }
  }

  event(event) {
    if (event.type === 'partial') {
      const partials = this.turn.partials;
      if (partials[partials.length - 1] !== event.text) partials.push(event.text);
      live(event.text, 'partial');
    } else if (event.type === 'final') {
      this.turn.voicedAt = this.lastVoiceAt;
      live(event.text, 'final');
    } else if (event.type === 'result') {
      const now = performance.now();
      const turn = this.turn;
      this.turn = { partials: [], voicedAt: null };
      const voicedAt = turn.voicedAt ?? this.lastVoiceAt;
      const browserMs = voicedAt !== null ? now - voicedAt : null;
      const card = resultCard(event, { source: 'voice', partials: turn.partials, browserMs }, state.bank, actions);
      addCard(card);
      stats.add('voice', browserMs);
      stats.add('voice-server', (event.timings_ms || {}).eos_to_action);
      live('', 'idle');
      afterResult(event, card, event.transcript);
    } else if (event.type === 'error') {
      status(`${event.code}: ${event.message}`, 'error');
    }
  }
}

const voice = new Voice();

function live(text, kind) {
  const node = $('live-text');
  node.textContent = text;
  node.lang = lang(text);
  $('live').dataset.kind = kind;
}

function talking(on, mode) {
  const talk = $('talk');
  talk.setAttribute('aria-pressed', String(on && mode === 'ptt'));
  talk.querySelector('.label').textContent = on && mode === 'ptt' ? 'Listening… release to send' : 'Hold to talk';
  document.body.dataset.listening = on ? mode : '';
  if (on) live('', 'listening');
}

function initVoice() {
  const talk = $('talk');
  const isTalkKey = (event) => event.key === ' ' || event.key === 'Enter';
  talk.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || $('handsfree').checked) return;
    event.preventDefault();
    talk.setPointerCapture(event.pointerId);
    voice.start('ptt');
  });
  for (const name of ['pointerup', 'pointercancel', 'lostpointercapture']) {
    talk.addEventListener(name, () => { if (voice.mode === 'ptt') voice.stop(); });
  }
  talk.addEventListener('keydown', (event) => {
    if (!isTalkKey(event)) return;
    event.preventDefault();
    if (!event.repeat && !$('handsfree').checked) voice.start('ptt');
  });
  talk.addEventListener('keyup', (event) => {
    if (!isTalkKey(event)) return;
    event.preventDefault();
    if (voice.mode === 'ptt') voice.stop();
  });
  talk.addEventListener('blur', () => { if (voice.mode === 'ptt') voice.stop(); });
  $('handsfree').addEventListener('change', (event) => {
    if (event.target.checked) voice.start('handsfree');
    else voice.stop();
  });
}

// ---------------------------------------------------------------------------------------- text box

function initText() {
  const box = $('text');
  let composing = false; // an IME is composing: Enter commits the composition, it does not send
  box.addEventListener('compositionstart', () => { composing = true; });
  box.addEventListener('compositionend', () => { composing = false; });
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.isComposing || event.keyCode === 229 || composing)) event.preventDefault();
  });
  $('text-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = box.value.trim();
    if (!text || composing) return;
    box.value = '';
    sendText(text);
  });
}

async function init() {
  $('article-close').addEventListener('click', () => $('article').close());
  window.addEventListener('pagehide', () => voice.close());
  initVoice();
  initText();
  voice.mic.prepare().catch(() => {}); // so the first press loses no words to loading
  await initWho();
  $('main').dataset.ready = 'true';
}

init();


// One card per turn: what was heard or typed, the intent, the entities in the customer's words, the
// reply, why Teller asks or refuses, candidate buttons, Confirm / Cancel, tables, and the waterfall.
import { el, table } from './dom.js';
import { dateTime, intentLabel, lang, money, reasonLabel, slotLabel, time } from './format.js';
import { waterfall } from './waterfall.js';

let counter = 0;

/** The extraction `surface` (the customer's own words) for a value, from the turn's trace. */
function said(result, stage, value) {
  const hit = (result.trace || []).find((t) => t.stage === stage && t.value === value);
  return hit ? hit.surface : null;
}

function heard(text) {
  return text ? el('span', { class: 'said', lang: lang(text) }, ` “${text}”`) : null;
}

export function payeeText(payee) {
  if (!payee) return '';
  const where = [payee.bank, payee.account_last4 ? `···${payee.account_last4}` : null].filter(Boolean).join(' ');
  return where ? `${payee.display_name} · ${where}` : payee.display_name;
}

function entityRows(result, bank) {
  const e = result.entities || {};
  const rows = [];
  if (e.amount_minor !== null && e.amount_minor !== undefined && e.currency) {
    rows.push(['amount', 'Amount', money(e.amount_minor, e.currency), heard(said(result, 'normalize', `${e.amount_minor} ${e.currency}`))]);
  }
  if (e.recipient_id) {
    const payee = bank.payees.get(e.recipient_id);
    const candidate = (result.candidates || []).find((c) => c.id === e.recipient_id);
    const name = payee ? payeeText(payee) : candidate ? candidate.display_name : e.recipient_id;
    rows.push(['recipient', 'To', name, heard(said(result, 'names', e.recipient_id))]);
  }
  if (e.biller_id) {
    const candidate = (result.candidates || []).find((c) => c.id === e.biller_id);
    rows.push(['biller', 'Bill', candidate ? candidate.display_name : e.biller_id, heard(said(result, 'names', e.biller_id))]);
  }
  if (e.card_id) {
    const card = bank.cards.get(e.card_id);
    rows.push(['card', 'Card', card ? `${card.label} ···${card.last4}` : e.card_id, null]);
  }
  if (e.account_id && (e.amount_minor !== null || result.intent === 'transfer_money')) {
    const account = bank.accounts.get(e.account_id);
    rows.push(['account', 'From', account ? `${account.label} ···${account.number_last4}` : e.account_id, null]);
  }
  if (e.execute_on) {
    rows.push(['date', 'When', e.execute_on, heard(said(result, 'normalize', e.execute_on))]);
  }
  if (e.count) rows.push(['count', 'How many', String(e.count), null]);
  return rows;
}

function dataTables(data, bank) {
  const out = [];
  if (!data) return out;
  if (Array.isArray(data.accounts)) {
    out.push(table('accounts', 'Balances', [{ label: 'Account' }, { label: 'Balance', numeric: true }],
      data.accounts.map((a) => {
        const known = bank.accounts.get(a.id);
        return [`${a.label}${known ? ` ···${known.number_last4}` : ''}`, money(a.balance_minor, a.currency)];
      })));
  }
  if (Array.isArray(data.transactions)) {
    out.push(table('transactions', 'Transactions', [{ label: 'Date' }, { label: 'Description' }, { label: 'Amount', numeric: true }],
      data.transactions.map((t) => [dateTime(t.posted_at), t.description, money(t.amount_minor, t.currency)])));
  }
  if (Array.isArray(data.scheduled)) out.push(scheduledTable(data.scheduled, bank));
  if (Array.isArray(data.payees)) {
    out.push(table('payees', 'Recipients', [{ label: 'Name' }, { label: 'Bank' }],
      data.payees.map((p) => [p.display_name, [p.bank, p.account_last4 ? `···${p.account_last4}` : ''].filter(Boolean).join(' ')])));
  }
  return out;
}

/** Scheduled payments. With `cancel(payment)` (the side panel, which lists only payments still to
 * run) each row gets a Cancel button in place of its status. */
export function scheduledTable(rows, bank, cancel = null) {
  const headers = [{ label: 'When' }, { label: 'To' }, { label: 'Amount', numeric: true }, { label: cancel ? 'Action' : 'Status' }];
  return table('scheduled', 'Scheduled payments', headers,
    rows.map((s) => {
      const payee = bank.payees.get(s.recipient_id);
      const to = s.display_name || (payee ? payee.display_name : s.description || s.biller_id || s.recipient_id || '');
      const last = cancel && s.status === 'scheduled'
        ? el('button', { type: 'button', 'aria-label': `Cancel ${money(s.amount_minor, s.currency)} to ${to} on ${s.execute_on}`, onclick: () => cancel(s) }, 'Cancel')
        : s.status || '';
      return [s.execute_on || '', el('span', { lang: lang(to) }, to), money(s.amount_minor, s.currency), last];
    }));
}

/** Candidate button text: the object as the customer knows it. */
function candidateText(c, bank) {
  if (c.kind === 'payee') return payeeText(bank.payees.get(c.id)) || c.display_name;
  if (c.kind === 'card') {
    const card = bank.cards.get(c.id);
    return card ? `${card.label} ···${card.last4}` : c.display_name;
  }
  if (c.kind === 'account') {
    const account = bank.accounts.get(c.id);
    return account ? `${account.label} ···${account.number_last4}` : c.display_name;
  }
  return c.display_name;
}

/**
 * A card for one turn result. `turn` = { source: 'voice'|'text', text, partials, browserMs };
 * `actions` = { resolve(card, pending, op), choose(result, candidate), ask(card, result) }.
 */
export function resultCard(result, turn, bank, actions) {
  const id = `turn-${++counter}`;
  const card = el('article', {
    class: 'card',
    'aria-labelledby': `${id}-title`,
    dataset: { intent: result.intent, action: result.action, source: turn.source, turnId: result.id || '' },
  });
  const spoken = turn.source === 'voice';
  card.append(el('header', {},
    el('h3', { id: `${id}-title` }, intentLabel(result.intent)),
    el('span', { class: `badge action-${result.action}` }, result.action.replace('_', ' ')),
    el('span', { class: 'path', title: result.path === 'llm' ? 'the language model was asked' : 'no language model call' }, result.path === 'llm' ? 'LLM' : 'fast path'),
  ));
  const words = spoken ? result.transcript : turn.text;
  if (words) {
    card.append(el('p', { class: 'you' },
      el('span', { class: 'who' }, spoken ? 'You said ' : 'You typed '),
      el('q', { class: 'transcript', lang: lang(words) }, words)));
  }
  if (spoken && turn.partials && turn.partials.length) {
    card.append(el('details', { class: 'partials-box' },
      el('summary', {}, `Partials (${turn.partials.length})`),
      el('ol', { class: 'partials' }, turn.partials.map((p) => el('li', {}, p)))));
  }
  const entities = entityRows(result, bank);
  if (entities.length) {
    card.append(el('dl', { class: 'entities' }, entities.flatMap(([key, label, value, surface]) => [
      el('dt', {}, label),
      el('dd', { dataset: { entity: key }, lang: lang(value) }, value, surface),
    ])));
  }
  const tables = dataTables(result.data, bank);
  if (result.reply && tables.length) {
    // The spoken form of a table: kept, folded away (the table says the same).
    card.append(el('details', { class: 'spoken' }, el('summary', {}, 'Reply as spoken'),
      el('p', { class: 'reply', id: `${id}-reply`, lang: lang(result.reply) }, result.reply)));
  } else if (result.reply) {
    card.append(el('p', { class: 'reply', id: `${id}-reply`, lang: lang(result.reply) }, result.reply));
  }
  const why = [];
  if (result.reason) why.push(`${reasonLabel(result.reason)} (${result.reason})`);
  if (result.missing && result.missing.length) why.push(`Teller needs ${result.missing.map(slotLabel).join(', ')}`);
  if (why.length && result.action !== 'execute') card.append(el('p', { class: 'reason' }, el('strong', {}, 'Why: '), why.join('. ')));

  if (result.action === 'clarify' && result.candidates && result.candidates.length) {
    card.append(el('div', { class: 'candidates', role: 'group', 'aria-label': 'Which one did you mean?' },
      result.candidates.map((c) => el('button', {
        type: 'button', lang: lang(c.display_name), onclick: () => actions.choose(result, c, turn),
      }, candidateText(c, bank)))));
  }
  if (result.pending) {
    const pending = result.pending;
    card.dataset.actionId = pending.action_id;
    card.append(el('div', { class: 'confirm-actions', role: 'group', 'aria-label': 'Confirm or cancel' },
      el('button', { type: 'button', class: 'confirm', 'aria-describedby': `${id}-reply`, onclick: () => actions.resolve(card, pending, 'confirm') }, 'Confirm'),
      el('button', { type: 'button', class: 'cancel', onclick: () => actions.resolve(card, pending, 'cancel') }, 'Cancel'),
      el('span', { class: 'expires' }, `or say “yes” / “はい” · expires ${time(pending.expires_at)}`)));
  }
  for (const t of tables) card.append(t);
  if (result.intent === 'qna') card.append(el('div', { class: 'answer', 'aria-live': 'polite', dataset: { state: 'waiting', tokens: '0' } }));

  const timing = el('details', { class: 'timing', open: true },
    el('summary', {}, 'Timing'), waterfall(result.timings_ms, turn.browserMs, spoken));
  card.append(timing);
  return card;
}

/** Mark `card`'s pending action as done (executed or cancelled), with what the server said. */
export function settle(card, status, detail = {}) {
  for (const node of card.querySelectorAll('.confirm-actions')) node.remove();
  let outcome = card.querySelector('.outcome');
  if (!outcome) {
    outcome = el('div', { class: 'outcome', role: 'status' });
    const timing = card.querySelector('.timing');
    card.insertBefore(outcome, timing);
  }
  outcome.dataset.status = status;
  outcome.replaceChildren();
  const headline = { executed: 'Done', cancelled: 'Cancelled', closed: 'No longer waiting', error: 'Not done' }[status] || status;
  outcome.append(el('strong', {}, headline));
  if (detail.summary) outcome.append(' — ', el('span', { lang: lang(detail.summary) }, detail.summary));
  else if (detail.message) outcome.append(' — ', detail.message);
  if (detail.scheduled_for) outcome.append(el('p', {}, `Scheduled for ${detail.scheduled_for}; nothing has moved yet.`));
  if (detail.new_balance_minor !== undefined && detail.new_balance_minor !== null) {
    const label = detail.scheduled_for ? 'Balance now: ' : 'New balance: ';
    outcome.append(el('p', {}, label, el('span', { dataset: { field: 'new-balance' } }, money(detail.new_balance_minor, detail.currency))));
  }
  card.dataset.settled = status;
}

/** Render answer text with inline citations `[kb-…]` as links that open the article. */
export function renderAnswer(node, text, open) {
  node.replaceChildren();
  const parts = text.split(/\[(kb-[a-z0-9-]+)\]/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) node.append(el('span', { lang: lang(part) }, part));
    } else {
      node.append(citation(part, part, open));
    }
  });
}

export function citation(id, label, open) {
  return el('a', {
    class: 'citation', href: `#${id}`, dataset: { article: id },
    onclick: (event) => { event.preventDefault(); open(id); },
  }, label);
}

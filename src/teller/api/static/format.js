// Display formatting: money from integer minor units (never through a float), names, dates, labels.

const digitsCache = new Map();

function fractionDigits(currency) {
  if (!digitsCache.has(currency)) {
    let digits = 2;
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digitsCache.get(currency);
}

/** 5000, "JPY" → "¥5,000"; 250000, "USD" → "$2,500.00" (the decimal is built as a string: exact). */
export function money(minor, currency) {
  if (minor === null || minor === undefined || !currency) return '';
  const digits = fractionDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  const decimal = digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
  try {
    const fmt = new Intl.NumberFormat('en-US', {
      style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits,
    });
    return fmt.format(sign + decimal);
  } catch {
    return `${sign}${decimal} ${currency}`;
  }
}

export const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/;

export function lang(text) {
  return JAPANESE.test(text || '') ? 'ja' : 'en';
}

export function ms(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 10) return `${value.toFixed(0)} ms`;
  return `${value.toFixed(value >= 1 ? 1 : 2)} ms`;
}

const pad = (n) => String(n).padStart(2, '0');

/** "2026-11-20T18:22:00+09:00" → "2026-11-20 18:22" in this browser's time zone. */
export function dateTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function time(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString();
}

const INTENTS = {
  balance_inquiry: 'Balance', recent_transactions: 'Recent transactions', transfer_money: 'Transfer',
  card_lock: 'Lock a card', card_unlock: 'Unlock a card', bill_payment: 'Pay a bill',
  recipient_lookup: 'Recipients', human_handoff: 'A person', qna: 'Question', out_of_scope: 'Not banking',
  affirm: 'Yes', deny: 'No',
};

export function intentLabel(intent) {
  return INTENTS[intent] || words(intent);
}

const REASONS = {
  several_recipients_match: 'Several recipients match these words',
  several_cards_match: 'Several cards match these words',
  insufficient_funds: 'Not enough funds in that account',
  over_limit: 'Over the transfer limit',
  recipient_not_registered: 'That recipient is not one of your registered payees',
  llm_deadline_exceeded: 'The language model did not answer in time',
  llm_unavailable: 'The language model is not available',
  llm_invalid_reply: 'The language model gave an answer that failed validation',
  llm_busy: 'The language model is busy',
  nothing_pending: 'Nothing is waiting for confirmation',
  correction_not_understood: 'The correction was not understood',
};

export function reasonLabel(reason) {
  return REASONS[reason] || words(reason);
}

const SLOTS = {
  amount_minor: 'the amount', recipient_id: 'who to send it to', biller_id: 'which bill',
  card_id: 'which card', account_id: 'which account', execute_on: 'the date', currency: 'the currency',
};

export function slotLabel(slot) {
  return SLOTS[slot] || words(slot);
}

export function words(code) {
  const text = String(code || '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

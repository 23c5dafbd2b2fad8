// A tiny element builder: text only through textContent (nothing from the server is parsed as HTML).

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function table(className, caption, headers, rows) {
  return el(
    'table', { class: className },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, headers.map((h) => el('th', { scope: 'col', class: h.numeric ? 'num' : null }, h.label)))),
    el('tbody', {}, rows.map((cells) => el('tr', {}, cells.map((cell, i) => el('td', { class: headers[i].numeric ? 'num' : null }, cell))))),
  );
}

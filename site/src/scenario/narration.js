// narration: builds DOM from the safe narration nodes the Go side renders (core/scenario.Markdown):
// para, list (ordered), item, text, em, code, link. Text only ever goes in through text nodes, and a link
// gets an href only when it is http(s) — anything else (javascript:, data:, …) stays inert text.

/** safeHref returns href when it is an absolute http(s) URL, else null. */
export function safeHref(href) {
  if (typeof href !== 'string' || !/^https?:\/\//i.test(href)) return null;
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch (_) {
    return null;
  }
}

function inline(node) {
  const text = typeof node.text === 'string' ? node.text : '';
  switch (node.type) {
    case 'em': {
      const el = document.createElement('strong');
      el.textContent = text;
      return el;
    }
    case 'code': {
      const el = document.createElement('code');
      el.textContent = text;
      return el;
    }
    case 'link': {
      const href = safeHref(node.href);
      if (!href) return document.createTextNode(text);
      const a = document.createElement('a');
      a.href = href;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = text || href;
      return a;
    }
    default:
      return document.createTextNode(text);
  }
}

function inlines(children) {
  const frag = document.createDocumentFragment();
  for (const c of Array.isArray(children) ? children : []) if (c && typeof c === 'object') frag.append(inline(c));
  return frag;
}

/** renderNarration returns a DocumentFragment for a list of block nodes. */
export function renderNarration(nodes) {
  const frag = document.createDocumentFragment();
  for (const n of Array.isArray(nodes) ? nodes : []) {
    if (!n || typeof n !== 'object') continue;
    if (n.type === 'list') {
      const list = document.createElement(n.ordered ? 'ol' : 'ul');
      for (const it of Array.isArray(n.children) ? n.children : []) {
        const li = document.createElement('li');
        li.append(inlines(it && it.children));
        list.append(li);
      }
      frag.append(list);
    } else {
      const p = document.createElement('p');
      p.append(inlines(n.children));
      frag.append(p);
    }
  }
  return frag;
}

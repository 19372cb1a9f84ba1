// yamlpath: finds the line of a field path (spec.template.spec.containers[0].image) in YAML text, so an
// error that names a field but points at its document's first line can mark the offending line.
// A light indentation walk, not a YAML parser: good for the block style manifests are written in.

// fieldPathOf extracts the field path an apiserver or kubectl error message names, or ''.
export function fieldPathOf(message) {
  const msg = String(message || '');
  let m = /unknown field "([^"]+)"/.exec(msg);
  if (m) return m[1];
  m = /(?:^|[:\s])((?:metadata|spec|status|data|rules|subjects|roleRef)(?:\.[\w-]+|\[\d+\])*(?:\.[\w-]+)?):\s(?:Invalid value|Required value|Unsupported value|Duplicate value|Forbidden|Too long|Too many|Not found)/.exec(msg);
  return m ? m[1] : '';
}

function splitPath(path) {
  const out = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return null;
    if (m[1]) out.push(m[1]);
    for (const idx of m[2].match(/\d+/g) || []) out.push(Number(idx));
  }
  return out;
}

const indentOf = (s) => s.length - s.trimStart().length;

// lineOfPath returns the 1-based line of path within the document starting at line docStart (1-based),
// or the deepest line found on the way (0 when not even the first key is there).
export function lineOfPath(text, path, docStart = 1) {
  const segs = splitPath(path);
  if (!segs || !segs.length) return 0;
  const lines = String(text).split('\n');
  let i = Math.max(0, docStart - 1);
  if (/^---/.test(lines[i] || '')) i++;
  let end = lines.length;
  for (let j = i + 1; j < lines.length; j++) if (/^---/.test(lines[j])) { end = j; break; }
  const blank = (l) => !l.trim() || l.trimStart().startsWith('#');
  let minIndent = 0; // the block's lines are indented at least this much
  let inline = ''; // text after "- " on a list item line, holding the item's first key
  let found = 0;
  for (const seg of segs) {
    let hit = -1;
    if (typeof seg === 'number') {
      // Items of a sequence: "- " lines at one indentation (>= the key's own indentation).
      let itemIndent = -1;
      let n = -1;
      for (let j = i; j < end; j++) {
        const l = lines[j];
        if (blank(l)) continue;
        const ind = indentOf(l);
        const dash = /^-(\s|$)/.test(l.trimStart());
        if (ind < minIndent || (itemIndent >= 0 && ind < itemIndent) || (itemIndent < 0 && !dash)) break;
        if (!dash || (itemIndent >= 0 && ind !== itemIndent)) continue;
        if (itemIndent < 0) itemIndent = ind;
        n++;
        if (n === seg) { hit = j; break; }
      }
      if (hit < 0) return found;
      found = hit + 1;
      inline = lines[hit].trimStart().replace(/^-\s*/, '');
      minIndent = indentOf(lines[hit]) + 2;
      i = hit + 1;
      continue;
    }
    const re = new RegExp(`^["']?${escape(seg)}["']?\\s*:`);
    if (inline && re.test(inline)) {
      hit = i - 1;
    } else {
      let childIndent = -1;
      for (let j = i; j < end; j++) {
        const l = lines[j];
        if (blank(l)) continue;
        const ind = indentOf(l);
        if (ind < minIndent) break;
        if (childIndent < 0) childIndent = ind;
        if (ind < childIndent) break;
        if (ind === childIndent && re.test(l.trimStart())) { hit = j; break; }
      }
    }
    if (hit < 0) return found;
    found = hit + 1;
    inline = '';
    minIndent = indentOf(lines[hit]) + (hit === i - 1 && /^\s*-/.test(lines[hit]) ? 2 : 0);
    i = hit + 1;
  }
  return found;
}

function escape(s) {
  return String(s).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

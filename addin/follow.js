/* The list follows the author's edits: pure functions over the body's paragraph texts (no DOM,
 * no Office). The paragraphs that differ (from the first changed one to the last) go to /rescan
 * with one neighbour each side, after a line per entry cited before them holding its full
 * citation (so that a short form, supra or Id. there resolves as in the whole brief), never the
 * whole brief. The answer's citations in the changed paragraphs replace what the list had there;
 * every other citation's locator is counted again over the new text. Pages stay those of the
 * last Scan. */
import { STORY_ORDER, findEntry } from "./state.js";

export function hits(texts, search) {
  // Word's default search as the locators count it: case-insensitive, within a paragraph, not overlapping
  const needle = search.replace(/\^\^/g, "^").toLowerCase();
  const out = [];
  texts.forEach((text, p) => {
    const low = text.toLowerCase();
    for (let at = needle ? low.indexOf(needle) : -1; at !== -1; at = low.indexOf(needle, at + needle.length)) out.push([p, at]);
  });
  return out;
}

export function relocated(locator, from, to, paragraphOf) {
  // `locator` (counted over the texts `from`) counted over the texts `to`; paragraphOf maps a
  // paragraph of `from` to its index in `to` (null: it changed). undefined: not found in `from`.
  const parts = [locator, locator.end].filter(Boolean);
  const moved = [];
  for (const part of parts) {
    const at = hits(from, part.search)[part.ordinal];
    if (!at) return undefined;
    const p = paragraphOf(at[0]);
    if (p === null) return null;
    const ordinal = hits(to, part.search).filter(([q, x]) => q < p || (q === p && x < at[1])).length;
    moved.push({ ...part, ordinal, at: [p, at[1]] });
  }
  const out = { ...locator, search: moved[0].search, ordinal: moved[0].ordinal };
  if (locator.end) out.end = { ...locator.end, ordinal: moved[1].ordinal };
  return { locator: out, at: moved[0].at };
}

export function citedBefore(report, texts, first) {
  /* The full citation of every entry cited before paragraph `first`, one line each, the entry
   * cited last the last line: a short form, supra or Id. in the changed part resolves to them
   * as in the whole brief, and the brief's own text is not sent. Entries cited in a note come
   * first (where a note stands among the paragraphs is not known here). */
  const last = [];
  for (const c of report.categories) {
    for (const a of c.authorities) {
      const full = a.occurrences.find((o) => o.kind === "full");
      let at = a.occurrences.some((o) => o.story !== "body") ? 0 : -1;
      for (const o of a.occurrences) {
        const hit = o.story === "body" && o.locator ? hits(texts, o.locator.search)[o.locator.ordinal] : null;
        if (hit && hit[0] < first) at = Math.max(at, 1 + hit[0] * 1e6 + hit[1]);
      }
      if (full && at >= 0) last.push([at, full.text]);
    }
  }
  return last.sort((x, y) => x[0] - y[0]).map(([, text]) => text);
}

export function changedPart(before, after) {
  let first = 0;
  while (first < before.length && first < after.length && before[first] === after[first]) first += 1;
  if (first === before.length && first === after.length) return null;
  let tail = 0;
  while (tail < before.length - first && tail < after.length - first &&
         before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail += 1;
  return { first, beforeEnd: before.length - tail, afterEnd: after.length - tail };
}

export function sentRange(part, length) {
  // the paragraphs of the new text sent to /rescan: the changed ones and a neighbour each side
  return { from: Math.max(0, part.first - 1), to: Math.min(length, part.afterEnd + 1) };
}

export function followed(report, { before, after, part, cited, answer }) {
  // `report` with the /rescan `answer` for the paragraphs `part` of `after` in place of what it
  // had there: {report, added, removed}
  const out = structuredClone(report);
  const { from, to } = sentRange(part, after.length);
  const sent = [...cited, ...after.slice(from, to)];
  const shift = part.afterEnd - part.beforeEnd;
  const oldParagraph = (p) => (p < part.first ? p : p >= part.beforeEnd ? p + shift : null);
  const start = from - cited.length;  // where the sent paragraphs would be, the citations lines before them
  const sentParagraph = (c) => (c >= cited.length && start + c >= part.first && start + c < part.afterEnd ? start + c : null);
  let removed = 0;
  let added = 0;
  const touched = new Set();
  const keep = (o, owner) => {
    if (o.story !== "body" || !o.locator) return true;
    const moved = relocated(o.locator, before, after, oldParagraph);
    if (moved === undefined) return true;  // not found before the edit either: left as it was
    if (moved === null) { removed += 1; if (owner) touched.add(owner); return false; }
    o.locator = moved.locator;
    o.at = moved.at;
    return true;
  };
  for (const c of out.categories) for (const a of c.authorities) a.occurrences = a.occurrences.filter((o) => keep(o, a));
  out.unlinked = out.unlinked.filter((o) => keep(o, null));
  const fresh = (o) => {
    if (o.story !== "body" || !o.locator) return null;
    const moved = relocated(o.locator, sent, after, sentParagraph);
    if (!moved) return null;
    added += 1;
    return { ...o, page: null, locator: moved.locator, at: moved.at };
  };
  for (const c of answer.categories) {
    for (const a of c.authorities) {
      const occurrences = a.occurrences.map(fresh).filter(Boolean);
      if (!occurrences.length) continue;
      let entry = findEntry(out, a.text);
      if (!entry) {
        let cat = out.categories.find((x) => x.number === c.number);
        if (!cat) {
          cat = { ...c, authorities: [] };
          out.categories.push(cat);
          out.categories.sort((x, y) => x.number - y.number);
        }
        cat.authorities.push({ ...a, page_text: "?", occurrences: [] });
        entry = findEntry(out, a.text);
      }
      entry.a.occurrences.push(...occurrences);
      touched.add(entry.a);
    }
  }
  out.unlinked.push(...answer.unlinked.map(fresh).filter(Boolean));
  const emptied = new Set();
  for (const c of out.categories) {
    for (const a of c.authorities) {
      if (!touched.has(a)) continue;
      // document order: the body's citations by place, then the notes' as they were
      const order = (o) => (o.at ? o.at[0] * 1e6 + o.at[1] : 0);
      a.occurrences.sort((x, y) => (STORY_ORDER[x.story] || 0) - (STORY_ORDER[y.story] || 0) || order(x) - order(y));
    }
    const gone = c.authorities.filter((a) => touched.has(a) && !a.occurrences.length);
    c.authorities = c.authorities.filter((a) => !gone.includes(a));
    if (gone.length && !c.authorities.length) emptied.add(c);
  }
  out.categories = out.categories.filter((c) => !emptied.has(c));
  return { report: out, added, removed, sent: sent.length };
}

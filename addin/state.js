/* The pane's state as plain data, and every change of it as a pure function: no DOM, no Office.
 *
 * A report is the server's answer (/api/v1/analyze, /check, /toa): categories, each with its
 * authorities, each with its text, occurrences and verification. The list functions here return
 * a new report and never touch the one they are given. The undo history is a list of changes,
 * newest last; a change names the authorities it touched by their text (never by a position in a
 * list, which a Scan rebuilds), with a copy of each as it was before. */

export const SHORT_FORMS = new Set(["id", "short", "supra"]);
export const STORY_ORDER = { body: 0, footnote: 1, endnote: 2 };

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

export function sentence(text) {
  const t = text.trim();
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

export function normal(text) {
  return (text || "").replace(/[\u2013\u2014]/g, "-").replace(/\s+/g, " ").trim();
}

function copy(value) {
  return structuredClone(value);
}

/* ---- a report ---- */
export function findEntry(report, text) {
  for (const c of report.categories) {
    const i = c.authorities.findIndex((a) => a.text === text);
    if (i !== -1) return { cat: c, index: i, a: c.authorities[i] };
  }
  return null;
}

export function counts(report) {
  const auths = report.categories.reduce((n, c) => n + c.authorities.length, 0);
  return `${auths} ${auths === 1 ? "authority" : "authorities"} under ${report.categories.length} headings`;
}

export function checkedLine(verification) {
  // the three verdicts as the server counts them (the report's verification.summary), never
  // recounted here, in the words of toa check's terminal line
  const s = (verification && verification.summary) || {};
  const [ok, bad, not] = [s.VERIFIED || 0, s.NEEDS_ATTENTION || 0, s.NOT_VERIFIED || 0];
  return `Checked ${plural(ok + bad + not, "authority", "authorities")}: ${ok} verified, ${bad} need attention, ${not} not verified`;
}

// The report's one verdict per authority: green only for VERIFIED, every dimension checked and matching.
export const BADGES = {
  VERIFIED: ["ok", "VERIFIED"], NEEDS_ATTENTION: ["bad", "NEEDS ATTENTION"], NOT_VERIFIED: ["warn", "NOT VERIFIED"],
};

export function verdictBadge(v) {
  // A mismatch (a flag) is never drawn beside a green badge, whatever the verdict says.
  if ((v.flags || []).length || v.verdict === "NEEDS_ATTENTION") return BADGES.NEEDS_ATTENTION;
  return BADGES[v.verdict] || ["none", v.verdict];
}

export function needsAttention(a) {
  return Boolean(a.verification && verdictBadge(a.verification) === BADGES.NEEDS_ATTENTION);
}

export function withVerification(previous, report) {
  // A new analysis (Insert table, Restore) keeps the badges of the last Check for the same entries.
  if (!previous || !previous.verification) return report;
  const records = new Map();
  for (const c of previous.categories) for (const a of c.authorities) if (a.verification) records.set(a.text, a.verification);
  const out = copy(report);
  for (const c of out.categories) for (const a of c.authorities) if (records.has(a.text)) a.verification = records.get(a.text);
  out.verification = previous.verification;
  return out;
}

/* ---- what the table's entries become (each returns a new report) ---- */
export function editedEntry(report, old, text, emphasis) {
  const out = copy(report);
  Object.assign(findEntry(out, old).a, { text, emphasis });
  return out;
}

export function movedEntry(report, text, to) {
  const out = copy(report);
  const e = findEntry(out, text);
  e.cat.authorities.splice(e.index, 1);
  out.categories.find((c) => c.number === to).authorities.push(e.a);
  return out;
}

export function mergedEntry(report, text, into) {
  // text's citations listed under the entry `into`
  const out = copy(report);
  const e = findEntry(out, text);
  e.cat.authorities.splice(e.index, 1);
  findEntry(out, into).a.occurrences.push(...e.a.occurrences);
  return out;
}

export function place(o) {
  // where an occurrence is: its locator, or its text where Word's search cannot find it
  return JSON.stringify(o.locator ? [o.locator] : [null, o.story, o.text]);
}

export function splitEntry(report, text, picked, entry) {
  // the entry's occurrences at the places of `picked` (occurrences) go to `entry`, listed after it
  const out = copy(report);
  const e = findEntry(out, text);
  const places = new Set(picked.map(place));
  const moving = (o) => places.has(place(o));
  const split = { ...copy(entry), occurrences: e.a.occurrences.filter(moving) };
  e.a.occurrences = e.a.occurrences.filter((o) => !moving(o));
  e.cat.authorities.splice(e.index + 1, 0, split);
  return out;
}

export function withoutEntry(report, text) {
  const out = copy(report);
  const e = findEntry(out, text);
  if (e) e.cat.authorities.splice(e.index, 1);
  return out;
}

export function withEntry(report, number, entry) {
  const out = copy(report);
  out.categories.find((c) => c.number === number).authorities.push(copy(entry));
  return out;
}

export function withCategory(report, category) {
  const out = copy(report);
  out.categories.push(copy(category));
  return out;
}

export function fieldSitesOf(a) {
  // the entry's citations as its TA fields lie: one field per place, the body's first, then the
  // notes' (the order the Word adapter's taFields reads them in)
  const seen = new Set();
  const sites = [];
  for (const o of a.occurrences) {
    const at = o.locator ? JSON.stringify(o.locator) : null;
    if (at && seen.has(at)) continue;
    if (at) seen.add(at);
    sites.push(o);
  }
  return sites.map((o, i) => [o, i]).sort((x, y) => (STORY_ORDER[x[0].story] || 0) - (STORY_ORDER[y[0].story] || 0) || x[1] - y[1])
    .map(([o]) => o);
}

/* ---- the undo history ----
 * A change: {label, before, after, heading, document}. `before` is a copy of each authority it
 * touched as it was (its text, its category's number, its place there); `after` the texts of the
 * ones there after it; `heading` the number of a category it added; `document` what takes it
 * back in Word (the caller's; nothing here runs it). Undo applies while the list still holds what
 * the change left, authority by authority, whatever was scanned since. */
export function change(label, before, after, texts, extra = {}) {
  const snapshots = [];
  for (const text of texts) {
    const e = findEntry(before, text);
    if (e) snapshots.push({ text, category: e.cat.number, index: e.index, entry: copy(e.a) });
  }
  return { label, before: snapshots, after: texts.filter((t) => findEntry(after, t)), heading: null, document: null, ...extra };
}

export function pushed(history, c) {
  return [...history, c];
}

export function lastChange(history) {
  return history.length ? history[history.length - 1] : null;
}

export function popped(history) {
  return history.slice(0, -1);
}

export function undoBlocker(report, c) {
  // why `c` cannot be taken back in `report` (null: it can): what it left must still be there
  for (const text of c.after) {
    if (!findEntry(report, text)) return `Nothing undone: “${text}” is no longer in the list (the brief changed since the ${c.label}).`;
  }
  for (const b of c.before) {
    if (!c.after.includes(b.text) && findEntry(report, b.text)) {
      return `Nothing undone: “${b.text}” is in the list again (the brief changed since the ${c.label}).`;
    }
  }
  if (c.heading !== null && !report.categories.some((x) => x.number === c.heading)) {
    return `Nothing undone: the heading is no longer in the table (the brief changed since the ${c.label}).`;
  }
  return null;
}

export function undone(report, c) {
  // the list as before `c`, for the authorities it touched: an entry still under its heading
  // gets its copy back in its place, the others their copies back where they were
  const out = copy(report);
  const inPlace = new Set();
  for (const b of c.before) {
    const e = c.after.includes(b.text) ? findEntry(out, b.text) : null;
    if (e && e.cat.number === b.category) {
      e.cat.authorities[e.index] = copy(b.entry);
      inPlace.add(b.text);
    }
  }
  for (const text of c.after) {
    const e = inPlace.has(text) ? null : findEntry(out, text);
    if (e) e.cat.authorities.splice(e.index, 1);
  }
  if (c.heading !== null) out.categories = out.categories.filter((x) => x.number !== c.heading);
  const rest = c.before.filter((b) => !inPlace.has(b.text)).sort((x, y) => x.category - y.category || x.index - y.index);
  for (const b of rest) {
    const cat = out.categories.find((x) => x.number === b.category);
    if (!cat) continue;  // its heading went with a later Scan: the entry waits for the next one
    cat.authorities.splice(Math.min(b.index, cat.authorities.length), 0, copy(b.entry));
  }
  return out;
}

/* ---- the entries the document leaves out ----
 * What the pane takes of the document's setting (README "Limits"; another program, or a damaged
 * document, may hold anything there): entry texts, strings of 1 to MAX_ENTRY_TEXT characters,
 * the first MAX_EXCLUDED of them while they fit in EXCLUDED_BYTES, for every request carries
 * them in its address and the server takes a request's head up to 256 KiB (serve.py
 * HEAD_BYTES). The pane says what it ignored. */
export const EXCLUDED = "toa.excluded";  // Office document setting: the entry texts left out
export const MAX_EXCLUDED = 1000;
export const MAX_ENTRY_TEXT = 500;
export const EXCLUDED_BYTES = 192 * 1024;

export function withinLimits(texts) {
  // the first of `texts` a request carries: MAX_EXCLUDED of them, EXCLUDED_BYTES in its address
  const out = [];
  let bytes = 0;
  for (const text of texts) {
    bytes += new URLSearchParams({ exclude: text }).toString().length + 1;
    if (out.length === MAX_EXCLUDED || bytes > EXCLUDED_BYTES) break;
    out.push(text);
  }
  return out;
}

export function readExcluded(value) {
  // the setting's value as the pane takes it: `texts`, and what it ignored (`notList`: all of it)
  if (value === null || value === undefined) return { texts: [], notList: false, notTexts: 0, past: 0 };
  if (!Array.isArray(value)) return { texts: [], notList: true, notTexts: 0, past: 0 };
  const entryTexts = value.filter((t) => typeof t === "string" && t.trim() !== "" && t.length <= MAX_ENTRY_TEXT);
  const unique = [...new Set(entryTexts)];
  const texts = withinLimits(unique);
  return { texts, notList: false, notTexts: value.length - entryTexts.length, past: unique.length - texts.length };
}

export function ignoredNote({ notList, notTexts, past }) {
  // what the pane ignored of the setting, said in a sentence ("" when nothing)
  if (notList) return `This document's list of excluded entries (${EXCLUDED}) is not a list of entry texts: the pane ignores it.`;
  const are = (n) => `${n.toLocaleString("en-US")} ${n === 1 ? "is" : "are"}`;
  const parts = [];
  if (notTexts) parts.push(`${are(notTexts)} not entry texts (text of 1 to ${MAX_ENTRY_TEXT} characters)`);
  if (past) parts.push(`${are(past)} past the most a request carries (${MAX_EXCLUDED.toLocaleString("en-US")} entries, ${EXCLUDED_BYTES / 1024} KB)`);
  if (!parts.length) return "";
  return `The pane ignores some of this document's excluded entries (${EXCLUDED}): ${parts.join("; ")}. ` +
    "They are dropped from the document when you next exclude or restore an entry.";
}

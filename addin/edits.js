/* Editing the table through its TA fields (Word desktop: WordApi 1.5).
 * Every change is made to the entry's TA fields, so Word's own Update Field gives the same
 * table, and toa keeps it on the next Scan or Insert table (the \l text and the \c heading of
 * the brief's TA fields are the table's source: toa/authorities/marks.py). Exclude removes the
 * entry's TA fields and remembers the entry in the document's settings; every request sends
 * the excluded entries. Each change goes on the undo history (state.js) with what takes it back
 * in Word; Undo takes back the newest, if the list still holds what it left.
 *
 * `p` is the pane: {state, word, client, show, excluded, remember}. */
import { PaneError } from "./api.js";
import {
  LONG_SWITCH, bodyPackage, fieldQuote, headingParagraphs, isToa, keptEmphasis, switches, taParagraph, withSwitch,
} from "./fields.js";
import {
  MAX_ENTRY_TEXT, change, editedEntry, fieldSitesOf, findEntry, lastChange, mergedEntry, movedEntry, normal, plural,
  popped, pushed, splitEntry as splitReport, undoBlocker, undone, withCategory, withEntry, withVerification,
  withinLimits, withoutEntry,
} from "./state.js";

function record(p, label, before, texts, document, extra = {}) {
  p.state.history = pushed(p.state.history, change(label, before, p.state.report, texts, { document, ...extra }));
}

function neighbour(report, text) {
  // the entry after `text` in the list (the one before, if it is the last): where focus goes when it leaves
  const all = report.categories.flatMap((c) => c.authorities.map((a) => a.text));
  const i = all.indexOf(text);
  return all[i + 1] || all[i - 1] || null;
}

function uniqueShort(used, base) {
  // Word lists TA fields with equal \s as one entry
  let short = base;
  for (let n = 2; used.has(short); n++) short = `${base} [${n}]`;
  return short;
}

async function changeCodes(p, label, text, edit, list) {
  // rewrite the codes of the entry's TA fields (edit(field, isLong, fields) gives the new code);
  // list(report) is the list after it, `texts` the entries it touches; undo writes the old codes back
  const { word } = p;
  return word.run(async (ctx) => {
    const { long, fields, all } = await word.entryFields(ctx, text);
    const changed = fields.map((f) => [f, edit(f, f === long, fields)]).filter(([f, code]) => code !== f.code);
    // [position among the document's TA fields, code before, code after]: other fields may
    // have the same code after (a merge), so undo goes by position, by code only if that moved
    const codes = changed.map(([f, code]) => [all.indexOf(f), f.code, code]);
    changed.forEach(([f, code]) => word.setCode(f, code));
    await word.updateTables(ctx);
    const before = p.state.report;
    p.state.report = list.report(before);
    p.state.focus = list.focus;
    record(p, label, before, list.texts, async (ctx2) => {
      const now = await word.taFields(ctx2);
      const taken = new Set();
      for (const [i, was, after] of codes) {
        const f = now[i] && now[i].code === after && !taken.has(i) ? now[i] : now.find((x, k) => x.code === after && !taken.has(k));
        if (f) { word.setCode(f, was); taken.add(now.indexOf(f)); }
      }
      await word.updateTables(ctx2);
    });
    p.show();
    return `${label.charAt(0).toUpperCase()}${label.slice(1)} made in ${plural(codes.length, "TA field", "TA fields")}; Word updated the table.`;
  });
}

export function editText(p, a, newText) {
  const emphasis = keptEmphasis(a, newText);
  if (emphasis.length) return editItalic(p, a, newText, emphasis);
  return changeCodes(p, "edit", a.text, (f, isLong) => (isLong ? withSwitch(f.code, "l", newText) : f.code),
                     { report: (r) => editedEntry(r, a.text, newText, []), texts: [a.text, newText], focus: newText });
}

/* Word takes a TOA entry's italics from the runs of its TA field's \l text: while the edited
 * text still holds the case name, the entry's \l field is put in again as OOXML (fields.js
 * taParagraph) at the citation it stood at, and the old one deleted. Undo does the same with
 * the old text. */
async function editItalic(p, a, newText, emphasis) {
  const { word } = p;
  const old = a.text;
  const oldEmphasis = a.emphasis || [];
  const sites = fieldSitesOf(a);
  return word.run(async (ctx) => {
    const { long, fields } = await word.entryFields(ctx, old);
    const site = fields.length === sites.length ? sites[fields.indexOf(long)] : null;
    const [range] = site && site.locator ? await word.locateAll(ctx, [site.locator]) : [null];
    if (!range) throw new PaneError("The citation the entry's text is marked at was not found: Insert table again, then edit.");
    const before = long.code;
    const after = withSwitch(before, "l", newText);
    word.insertOoxml(range, bodyPackage([taParagraph(after, newText, emphasis)]), "Start");
    word.deleteField(long);
    await word.updateTables(ctx);
    const was = p.state.report;
    p.state.report = editedEntry(was, old, newText, emphasis);
    p.state.focus = newText;
    record(p, "edit", was, [old, newText], async (ctx2) => {
      const mine = (await word.taFields(ctx2)).find((f) => f.code === after);
      const [r] = await word.locateAll(ctx2, [site.locator]);
      if (!mine || !r) throw new PaneError("The edited TA field or its citation is no longer in the document.");
      word.insertOoxml(r, bodyPackage([taParagraph(before, old, oldEmphasis)]), "Start");
      word.deleteField(mine);
      await word.updateTables(ctx2);
    });
    p.show();
    return "Edit made in 1 TA field, the case name still in italics; Word updated the table.";
  });
}

export function moveEntry(p, a, to) {
  return changeCodes(p, "move", a.text, (f) => withSwitch(f.code, "c", to),
                     { report: (r) => movedEntry(r, a.text, to), texts: [a.text], focus: a.text });
}

export async function mergeEntry(p, a, intoText) {
  // a's TA fields take the \s and \c of the entry it joins and lose their \l: Word (and toa)
  // then list its citations under that entry
  const into = await p.word.run(async (ctx) => switches((await p.word.entryFields(ctx, intoText)).long.code));
  return changeCodes(p, "merge", a.text, (f) => withSwitch(withSwitch(f.code.replace(LONG_SWITCH, ""), "s", into.s), "c", into.c),
                     { report: (r) => mergedEntry(r, a.text, intoText), texts: [a.text, intoText], focus: intoText });
}

export async function splitEntry(p, a, chosen, newText) {
  // the chosen citations' TA fields take a new \s (and the first of them the new \l): Word,
  // and toa, list them as an entry of their own; if the entry's \l field goes with them, its
  // text goes to the first field that stays
  if (!newText) throw new PaneError("Type the new entry's text.");
  const sites = fieldSitesOf(a);
  const picked = sites.filter((o) => chosen.includes(o));
  if (!picked.length) throw new PaneError("Tick the citations that belong to the new entry.");
  if (picked.length === sites.length) throw new PaneError("Leave at least one citation with the entry: Edit entry's Save text renames the whole entry.");
  if (findEntry(p.state.report, newText)) throw new PaneError("The table has that entry already: use Merge into.");
  const used = await p.word.run(async (ctx) => new Set((await p.word.taFields(ctx)).map((f) => switches(f.code).s)));
  const short = uniqueShort(used, newText.split(",")[0].trim());
  const entry = { text: newText, page_text: "?", emphasis: [], flags: [], occurrences: [] };
  return changeCodes(p, "split", a.text, (f, isLong, fields) => {
    if (fields.length !== sites.length) {
      throw new PaneError("The entry's TA fields do not match its citations: Insert table again, then split.");
    }
    const i = fields.indexOf(f);
    const moving = picked.includes(sites[i]);
    const firstMoving = sites.findIndex((o) => picked.includes(o));
    const longIndex = fields.findIndex((x) => switches(x.code).l !== undefined);
    const firstStaying = sites.findIndex((o) => !picked.includes(o));
    if (moving) {
      const code = withSwitch(f.code, "s", short);
      return i === firstMoving ? withSwitch(code, "l", newText) : code.replace(LONG_SWITCH, "");
    }
    if (i === firstStaying && picked.includes(sites[longIndex])) return withSwitch(f.code, "l", switches(fields[longIndex].code).l);
    return f.code;
  }, { report: (r) => splitReport(r, a.text, picked, entry), texts: [a.text, newText], focus: newText });
}

export async function excludeEntry(p, a) {
  const { word } = p;
  const text = a.text;
  if (text.length > MAX_ENTRY_TEXT) {
    throw new PaneError(`This entry's text is longer than the ${MAX_ENTRY_TEXT} characters the document keeps of an excluded entry: edit it shorter first.`);
  }
  const list = [...new Set([...p.excluded(), text])];
  if (withinLimits(list).length < list.length) {
    throw new PaneError(`This document already leaves out ${p.excluded().length.toLocaleString("en-US")} entries, the most a request carries: restore one first.`);
  }
  const occurrences = structuredClone(a.occurrences);
  return word.run(async (ctx) => {
    const { long, fields } = await word.entryFields(ctx, text);
    const longCode = long.code;
    const shortCode = (fields.find((f) => f !== long) || {}).code || long.code.replace(LONG_SWITCH, "");
    fields.forEach((f) => word.deleteField(f));
    await word.updateTables(ctx);
    await p.remember(list);
    const before = p.state.report;
    p.state.report = withoutEntry(before, text);
    p.state.focus = neighbour(before, text);
    record(p, "exclude", before, [text], async (ctx2) => {
      // the TA fields back at the entry's citations: the \l one at the first full citation
      const occs = occurrences.filter((o) => o.locator);
      const firstFull = Math.max(0, occs.findIndex((o) => o.kind === "full"));
      const ranges = await word.locateAll(ctx2, occs.map((o) => o.locator));
      ranges.forEach((r, i) => {
        if (r) word.insertTaField(r, i === firstFull ? longCode : shortCode);
      });
      await word.updateTables(ctx2);
      await p.remember(p.excluded().filter((t) => t !== text));
    });
    p.show();
    return `Excluded from the table: ${plural(fields.length, "TA field", "TA fields")} removed; the document remembers it.`;
  });
}

/* ---- Restore an excluded entry ----
 * The document's settings remember what was excluded (in any session): Restore takes the entry
 * off that list and puts its TA fields back where /toa says they go, as Insert table puts
 * every entry's; Word updates the table. Undo excludes it again. */
export async function restoreEntry(p, text) {
  const { word } = p;
  await p.remember(p.excluded().filter((t) => t !== text));
  const data = await p.client.post("/toa", await word.currentDocument());
  const before = p.state.report;
  p.state.report = p.state.checked ? withVerification(before, data.report) : data.report;
  const mine = data.fields.filter((f) => f.authority === text);
  let placed = 0;
  if (word.can.fieldsOk) {
    await word.run(async (ctx) => {
      const ranges = await word.locateAll(ctx, mine.map((f) => f.locator));
      ranges.forEach((r, i) => {
        if (r) { word.insertOoxml(r, mine[i].ooxml, "Start"); placed += 1; }
      });
      await word.sync(ctx);
      await word.updateTables(ctx);
    });
  }
  p.state.focus = text;
  record(p, "restore", before, [text], async (ctx) => {
    if (placed) {
      (await word.entryFields(ctx, text)).fields.forEach((f) => word.deleteField(f));
      await word.updateTables(ctx);
    }
    await p.remember([...new Set([...p.excluded(), text])]);
  });
  p.show();
  const missed = mine.length - placed;
  return `Restored: ${text}; ${plural(placed, "TA field", "TA fields")} put back at its citations` +
    `${missed ? ` (${missed} not found in the document)` : ""}${placed ? "; Word updated the table" : ""}.`;
}

/* ---- Mark citation: a citation toa missed, from the selection ----
 * A TA field (\l the entry text, \s the short form, \c the heading) at the selection's start:
 * Word's Update Field lists it, and so does toa (a TA field with \l at no citation it found is
 * an entry of its own: toa/authorities/marks.py). Undo deletes the field. */
export async function useSelection(p) {
  const text = await p.word.run(async (ctx) => (await p.word.selectionText(ctx)).text);
  return { text, short: text.split(",")[0].trim() };
}

export async function markCitation(p, text, shortTyped, number) {
  const { word } = p;
  if (!text) throw new PaneError("Type the entry text (Use selection fills it from the citation you selected).");
  if (findEntry(p.state.report, text)) throw new PaneError("The table has that entry already: change the text, or mark the citation under the entry's own text with Merge into.");
  return word.run(async (ctx) => {
    const { selection, text: cited } = await word.selectionText(ctx);
    const used = new Set((await word.taFields(ctx)).map((f) => switches(f.code).s));
    const short = uniqueShort(used, shortTyped || text.split(",")[0].trim());
    const code = `\\l ${fieldQuote(text)} \\s ${fieldQuote(short)} \\c ${number}`;
    word.insertTaField(selection, code);
    await word.updateTables(ctx);
    const entry = { text, page_text: "?", emphasis: [], flags: [],
                    occurrences: [{ kind: "full", text: cited, page: null, story: "body", locator: null }] };
    const before = p.state.report;
    p.state.report = withEntry(before, number, entry);
    p.state.focus = text;
    record(p, "mark", before, [text], async (ctx2) => {
      const f = (await word.taFields(ctx2)).find((x) => normal(switches(x.code).l) === text && switches(x.code).s === short);
      if (f) word.deleteField(f);
      await word.updateTables(ctx2);
    });
    p.show();
    return `Marked: a TA field for "${text}" at the selection; Word updated the table, and toa lists it from now on.`;
  });
}

/* ---- Add a heading: a category of the author's own ----
 * A heading line and a TOA field for a TA category number toa gives no category (10-16, then 5
 * and 6), after the table's last TOA field: entries moved there (Move) are listed under it by
 * Word, and by toa, which reads the line before such a TOA field as its heading
 * (toa/authorities/marks.py). Undo takes both paragraphs out. */
const OWN_NUMBERS = [10, 11, 12, 13, 14, 15, 16, 5, 6];

export async function addHeading(p, name) {
  const { word } = p;
  if (!name) throw new PaneError("Type the heading's name.");
  if (p.state.report.categories.some((c) => normal(c.heading).toLowerCase() === name.toLowerCase())) {
    throw new PaneError("The table has that heading already.");
  }
  return word.run(async (ctx) => {
    const fields = await word.bodyFields(ctx);
    const toas = fields.filter((f) => isToa(f.code));
    if (!toas.length) throw new PaneError("The brief has no table yet: Insert table first, then add the heading to it.");
    const used = new Set([...fields.map((f) => Number(((f.code || "").match(/\\c\s*"?(\d+)/) || [])[1])),
                          ...p.state.report.categories.map((c) => c.number)]);
    const number = OWN_NUMBERS.find((n) => !used.has(n));
    if (number === undefined) throw new PaneError("Every TA category Word has (1-16) is in use.");
    const last = toas[toas.length - 1];
    const code = /\\c\s*"?\d+"?/.test(last.code) ? last.code.replace(/\\c\s*"?\d+"?/, `\\c "${number}"`) : ` TOA \\c "${number}" `;
    const inserted = await word.insertAfterField(ctx, last, bodyPackage(headingParagraphs(name, code)));
    await word.updateTables(ctx);
    const before = p.state.report;
    p.state.report = withCategory(before, { heading: name, number, authorities: [] });
    record(p, "add heading", before, [], async () => { await word.removeInserted(inserted); }, { heading: number });
    p.show();
    return `Heading "${name}" added to the table (TA category ${number}): Move entries under it.`;
  });
}

export async function undoLast(p) {
  // the newest change taken back, in Word and in the list, if the list still holds what it
  // left (a Scan since may have taken it away): else nothing changes, and the pane says why
  const c = lastChange(p.state.history);
  if (!c) return "Nothing to undo.";
  const blocker = undoBlocker(p.state.report, c);
  if (blocker) {
    p.state.history = popped(p.state.history);
    throw new PaneError(blocker);
  }
  await p.word.run(async (ctx) => c.document(ctx));
  p.state.history = popped(p.state.history);
  p.state.report = undone(p.state.report, c);
  p.state.focus = c.before.length ? c.before[0].text : null;
  p.show();
  return `Undone: ${c.label}.`;
}

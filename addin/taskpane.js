/* The toa task pane: plain JavaScript over Office.js and the local toa server (same origin).
 *
 * Scan sends the document (the .docx from getFileAsync on Word desktop, the body's Flat OPC
 * from Body.getOoxml where getFileAsync is not available, as on Word on the web) to
 * /api/v1/analyze and lists the authorities. Every occurrence carries a locator: a search
 * string of at most 255 characters and the index of the wanted match (plus, for long or broken
 * citations, a second one to expand to), which Body.search resolves.
 *
 * The manifest asks for WordApi 1.3 (MIN_WORDAPI: Range.expandTo, ParagraphCollection.getFirst and
 * getLast, Paragraph.getRange); everything from a later set is used only where
 * Office.context.requirements.isSetSupported says the set is there, and the pane says what is
 * missing otherwise (docs/serve.md lists which feature needs which set).
 */
"use strict";

(function () {
  const API = "/api/v1";
  const COMMENT_PREFIXES = ["TOA check:", "TOA check summary:"];  // the comments the pane (and toa check) write
  const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  const MIN_WORDAPI = "1.3";  // addin/manifest.xml's Requirements
  const SHORT_FORMS = new Set(["id", "short", "supra"]);
  const NOTES_MISSING = "reaching footnotes and endnotes needs WordApi 1.5, which this Word lacks";
  // hasTable: the document has a TOA field (a table toa or Word built), so entries have TA fields to edit
  const state = { report: null, checked: false, ready: false, web: false, fieldsOk: false, commentsOk: false,
                  pagesOk: false, notesOk: false, hasTable: false };

  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  class PaneError extends Error {
    constructor(message, code) { super(message); this.code = code; }
  }

  function supported(set, version) {
    try {
      return Boolean(Office.context.requirements && Office.context.requirements.isSetSupported(set, version));
    } catch (e) {
      return false;
    }
  }

  /* ---- status ---- */
  function busy(message) {
    $("status").className = "";
    $("spinner").hidden = false;
    $("message").textContent = message;
    for (const b of document.querySelectorAll(".actions button")) b.disabled = true;
  }

  function done(message, isError) {
    $("spinner").hidden = true;
    $("status").className = isError ? "error" : "";
    $("message").textContent = message;
    $("scan").disabled = !state.ready;
    $("check").disabled = !(state.ready && state.report);
    $("insert").disabled = !(state.ready && state.report);
    $("preview").disabled = !(state.ready && state.report);
    $("comments").disabled = !(state.ready && state.checked && state.commentsOk);
    $("undo").disabled = !(state.ready && state.fieldsOk && undoStack.length);
    $("undo").textContent = undoStack.length ? `Undo ${undoStack[undoStack.length - 1].label}` : "Undo";
  }

  function sentence(text) {
    const t = text.trim();
    return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
  }

  function showNotes(notes) {
    const list = $("notes");
    list.textContent = "";
    for (const n of notes) list.append(el("li", null, sentence(n)));
    list.hidden = notes.length === 0;
  }

  async function run(message, work, rebase = true, changesTable = rebase) {
    busy(message);
    state.working = true;
    let said;
    let failed = false;
    try {
      said = await work();
    } catch (e) {
      said = e instanceof PaneError ? e.message : `Something went wrong: ${e && e.message ? e.message : e}`;
      failed = true;
    }
    // a preview on show follows every change of the table (an edit, an exclude, a new scan)
    if (!failed && changesTable && previewShown()) {
      try {
        await preview();
      } catch (e) {
        said += ` The preview could not follow it (${e && e.message ? e.message : e}): Preview table again.`;
      }
    }
    // what the pane did to the document (a table, fields) is no edit for the list to follow;
    // an action that only reads it (rebase false) leaves the texts the list was made from
    if (state.report && rebase) await keepTexts();
    state.working = false;
    done(said, failed);
  }

  /* ---- the document ---- */
  function compressedFile() {
    return new Promise((resolve, reject) => {
      Office.context.document.getFileAsync(Office.FileType.Compressed, { sliceSize: 4194304 }, (res) => {
        if (res.status !== Office.AsyncResultStatus.Succeeded) {
          reject(new Error(res.error && res.error.message ? res.error.message : "getFileAsync failed"));
          return;
        }
        const file = res.value;
        const slices = [];
        const next = (i) => file.getSliceAsync(i, (r) => {
          if (r.status !== Office.AsyncResultStatus.Succeeded) {
            file.closeAsync();
            reject(new Error("reading the document failed"));
            return;
          }
          slices.push(new Uint8Array(r.value.data));
          if (i + 1 < file.sliceCount) next(i + 1);
          else { file.closeAsync(); resolve(new Blob(slices, { type: DOCX_TYPE })); }
        });
        next(0);
      });
    });
  }

  async function currentDocument() {
    if (!state.web && Office.context.document && Office.context.document.getFileAsync) {
      try {
        return { body: await compressedFile(), type: DOCX_TYPE, format: "docx" };
      } catch (e) {
        /* some hosts refuse the whole file: the body's package still works */
      }
    }
    return { body: await ooxmlOf((ctx) => ctx.document.body), type: "application/xml", format: "flat-opc" };
  }

  async function ooxmlOf(target) {
    // the Flat OPC package Word gives for what target(ctx) picks (the body, or a range of it:
    // getOoxml, WordApi 1.1): its text with its runs' italics and its styles, as toa reads a .docx
    return Word.run(async (ctx) => {
      const ooxml = (await target(ctx)).getOoxml();
      await ctx.sync();
      return ooxml.value;
    });
  }

  async function post(path, doc) {
    let response;
    try {
      response = await fetch(API + path + requestQuery(), { method: "POST", headers: { "Content-Type": doc.type }, body: doc.body });
    } catch (e) {
      throw new PaneError("The toa server is not running. Start it with `toa serve`, then try again.", "offline");
    }
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      throw new PaneError(data && data.message ? data.message : `The server answered ${response.status}.`, data && data.error);
    }
    return data;
  }

  /* ---- finding citations in Word ---- */
  async function locateAll(ctx, locators) {
    const bodies = { body: ctx.document.body };
    const notes = {};
    for (const l of locators) {
      if (l && l.story !== "body" && state.notesOk && !notes[l.story]) {
        notes[l.story] = l.story === "footnote" ? ctx.document.body.footnotes : ctx.document.body.endnotes;
        notes[l.story].load("items");
      }
    }
    if (Object.keys(notes).length) await ctx.sync();
    const searches = locators.map((l) => {
      if (!l) return null;
      let body = bodies.body;
      if (l.story !== "body") {
        const coll = notes[l.story];
        body = coll && coll.items[l.note] ? coll.items[l.note].body : null;
      }
      if (!body) return null;
      const first = body.search(l.search, { matchCase: false });
      first.load("items");
      let last = null;
      if (l.end) {
        last = body.search(l.end.search, { matchCase: false });
        last.load("items");
      }
      return { l, first, last };
    });
    await ctx.sync();
    return searches.map((s) => {
      if (!s) return null;
      const a = s.first.items[s.l.ordinal];
      if (!a) return null;
      if (!s.last) return a;
      const b = s.last.items[s.l.end.ordinal];
      return b ? a.expandTo(b) : a;
    });
  }

  function goTo(locator) {
    if (!locator) {
      done("This citation cannot be found by Word's search (it has no searchable text).", true);
      return;
    }
    if (locator.story !== "body" && !state.notesOk) {
      done(`This citation is in a note: ${NOTES_MISSING}.`, true);
      return;
    }
    Word.run(async (ctx) => {
      const [range] = await locateAll(ctx, [locator]);
      if (!range) throw new PaneError("Word could not find this citation; the document may have changed since the scan.");
      range.select();
      await ctx.sync();
    }).then(() => done("Selected in the document."), (e) => done(e.message || String(e), true));
  }

  /* ---- the list ---- */
  // The report's one verdict per authority: green only for VERIFIED, every dimension checked and matching.
  const BADGES = {
    VERIFIED: ["ok", "VERIFIED"], NEEDS_ATTENTION: ["bad", "NEEDS ATTENTION"], NOT_VERIFIED: ["warn", "NOT VERIFIED"],
  };

  function verdictBadge(v) {
    // A mismatch (a flag) is never drawn beside a green badge, whatever the verdict says.
    if ((v.flags || []).length || v.verdict === "NEEDS_ATTENTION") return BADGES.NEEDS_ATTENTION;
    return BADGES[v.verdict] || ["none", v.verdict];
  }

  // The engine's own judgment calls on an entry, shown for review (the report's entry flags).
  const REVIEW = {
    citing_parenthetical: "cited only inside “(citing …)”",
    informal_reference: "also named in the text without a citation",
    short_cite_mismatch: "a short cite whose volume, reporter or pin does not fit the full cite",
    ambiguous_code: "a bare section whose state's code cannot be known: listed in the brief's words",
  };

  function needsAttention(a) {
    return Boolean(a.verification && verdictBadge(a.verification) === BADGES.NEEDS_ATTENTION);
  }

  function commented(a) {
    return Boolean(a.verification && a.verification.comment);
  }

  function occurrenceButton(o) {
    const b = el("button", "occurrence");
    b.type = "button";
    const story = o.story === "body" ? "" : ` · ${o.story}`;
    b.append(el("span", "where", `p. ${o.page || "?"} · ${o.kind}${story}: `), el("span", "cite", o.text));
    b.addEventListener("click", () => goTo(o.locator));
    return b;
  }

  function render(report) {
    const results = $("results");
    results.textContent = "";
    for (const cat of report.categories) {
      const section = el("section", "category");
      const cites = cat.authorities.reduce((n, a) => n + a.occurrences.length, 0);
      const h = el("h2", null, `${cat.heading} `);
      h.append(el("span", "count", `(${cat.authorities.length} ${cat.authorities.length === 1 ? "authority" : "authorities"}, ${cites} ${cites === 1 ? "citation" : "citations"})`));
      section.append(h);
      for (const a of cat.authorities) {
        const div = el("div", "authority");
        div.dataset.attention = needsAttention(a) ? "yes" : "no";
        const entry = el("div", "entry");
        entry.append(entryText(a), el("span", "pages", a.page_text || "?"));
        div.append(entry);
        const review = (a.flags || []).filter((f) => REVIEW[f]);
        if (review.length) {
          const tags = el("div", "badges review");
          for (const f of review) tags.append(el("span", "badge none", REVIEW[f]));
          div.append(tags);
        }
        if (a.verification) {
          const v = a.verification;
          const badges = el("div", "badges");
          const [cls, label] = verdictBadge(v);
          badges.append(el("span", `badge ${cls}`, label));
          for (const f of v.flags || []) badges.append(el("span", "badge warn", f.replace(/_/g, " ")));
          div.append(badges);
          if (v.comment || v.reason) {
            const reason = el("p", "reason", v.comment || v.reason);
            div.append(reason);
          }
          if (v.evidence_url) {
            const link = el("a", "evidence", "Evidence");
            link.href = v.evidence_url;
            link.target = "_blank";
            link.rel = "noopener noreferrer";
            div.append(link);
          }
        }
        div.append(el("div", "word-pages"));
        const details = el("details");
        details.append(el("summary", null, `${a.occurrences.length} ${a.occurrences.length === 1 ? "citation" : "citations"}`));
        for (const o of a.occurrences) details.append(occurrenceButton(o));
        div.append(details);
        div.append(stepper(a));
        if (state.fieldsOk && state.hasTable) div.append(editControls(a, cat, report));
        section.append(div);
      }
      results.append(section);
    }
    // The report's "unlinked": short forms with no full citation before them, and citations that
    // name no authority (a reporter cite without a case name, a bare section number).
    const shortForms = report.unlinked.filter((o) => SHORT_FORMS.has(o.kind));
    const nameless = report.unlinked.filter((o) => !SHORT_FORMS.has(o.kind));
    for (const [id, list] of [["unlinked", shortForms], ["nameless", nameless]]) {
      const ul = $(`${id}-list`);
      ul.textContent = "";
      for (const o of list) {
        const li = el("li");
        li.append(occurrenceButton(o));
        ul.append(li);
      }
      $(id).hidden = list.length === 0;
    }
    const p = report.pagination;
    const note = $("pages-note");
    note.hidden = false;
    note.textContent = `Pages: ${p.method}${p.exact ? "" : " (approximate)"}${p.note ? ` — ${p.note}` : ""}.`;
    $("filter-row").hidden = !state.checked;
    excludedControls();
    markControls(report);
    applyFilter();
  }

  function applyFilter() {
    const only = $("filter").checked;
    for (const div of document.querySelectorAll(".authority")) {
      div.classList.toggle("hidden-by-filter", only && div.dataset.attention !== "yes");
    }
  }

  function counts(report) {
    const auths = report.categories.reduce((n, c) => n + c.authorities.length, 0);
    return `${auths} ${auths === 1 ? "authority" : "authorities"} under ${report.categories.length} headings`;
  }

  /* ---- the buttons ---- */
  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  async function tableInDocument() {
    // a TOA field in the body (Body.fields, WordApi 1.4): the table Insert table (or Word) built
    if (!state.fieldsOk) return false;
    return Word.run(async (ctx) => {
      const fields = ctx.document.body.fields;
      fields.load("items/code");
      await ctx.sync();
      return fields.items.some((f) => /^\s*TOA\b/i.test(f.code || ""));
    });
  }

  async function scan() {
    const doc = await currentDocument();
    const report = await post("/analyze", doc);
    state.report = report;
    state.checked = false;
    state.hasTable = await tableInDocument();
    render(report);
    showNotes([]);
    showNotVerified(null);
    const shortForms = report.unlinked.filter((o) => SHORT_FORMS.has(o.kind)).length;
    const nameless = report.unlinked.length - shortForms;
    return `Found ${counts(report)}` +
      `${shortForms ? `; ${plural(shortForms, "short form points", "short forms point")} at nothing` : ""}` +
      `${nameless ? `; ${plural(nameless, "citation names", "citations name")} no authority` : ""}.`;
  }

  async function check() {
    const doc = await currentDocument();
    const report = await checkWithProgress(doc);
    state.report = report;
    state.checked = true;
    render(report);
    showNotes((report.verification && report.verification.notes) || []);
    showNotVerified(report.verification);
    const fixes = ((report.verification && report.verification.not_verified) || []).filter((g) => g.fix);
    return `${checkedLine(report.verification)}.${fixes.length ? ` To check the rest: ${fixes[0].fix}.` : ""}`;
  }

  function checkedLine(verification) {
    // the three verdicts as the server counts them (the report's verification.summary), never
    // recounted here, in the words of toa check's terminal line
    const s = (verification && verification.summary) || {};
    const [ok, bad, not] = [s.VERIFIED || 0, s.NEEDS_ATTENTION || 0, s.NOT_VERIFIED || 0];
    return `Checked ${plural(ok + bad + not, "authority", "authorities")}: ${ok} verified, ${bad} need attention, ${not} not verified`;
  }

  function keepVerification(previous, report) {
    // A new analysis (Insert table) keeps the badges of the last Check for the same entries.
    if (!previous || !state.checked) return;
    const records = new Map();
    for (const c of previous.categories) for (const a of c.authorities) if (a.verification) records.set(a.text, a.verification);
    for (const c of report.categories) for (const a of c.authorities) if (records.has(a.text)) a.verification = records.get(a.text);
    report.verification = previous.verification;
  }

  async function removeOwnComments(ctx) {
    const comments = ctx.document.body.getComments();
    comments.load("items/content");
    await ctx.sync();
    let removed = 0;
    for (const c of comments.items) {
      if (COMMENT_PREFIXES.some((p) => (c.content || "").startsWith(p))) { c.delete(); removed += 1; }
    }
    return removed;
  }

  async function addSummary(ctx) {
    // The check's summary (what was verified, what was not and why) on the first paragraph with text.
    const summary = state.report.verification && state.report.verification.summary_text;
    if (!summary) return 0;
    let p = ctx.document.body.paragraphs.getFirst();
    p.load("text");
    await ctx.sync();
    for (let i = 0; i < 50 && !p.isNullObject && !p.text.trim(); i++) {
      p = p.getNextOrNullObject();
      p.load("text");
      await ctx.sync();
    }
    if (p.isNullObject) return 0;
    p.getRange("Whole").insertComment(summary);
    return 1;
  }

  function showNotVerified(verification) {
    // What was not verified and why, as the summary comment and the terminal say it.
    const groups = (verification && verification.not_verified) || [];
    const list = $("not-verified-list");
    list.textContent = "";
    for (const g of groups) {
      const li = el("li");
      li.append(el("span", "reason", sentence(g.reason)), el("span", "authorities", ` ${g.authorities.join("; ")}`));
      if (g.fix) li.append(el("p", "fix", `To fix: ${sentence(g.fix)}`));
      list.append(li);
    }
    // the counts only: each reason is said once, in the list (summary_text says it all again)
    $("summary-line").textContent = verification ? `${checkedLine(verification)}.` : "";
    $("not-verified").hidden = !verification;
  }

  async function addComments() {
    if (!state.commentsOk) throw new PaneError("Add comments needs WordApi 1.4, which this Word lacks.");
    const targets = [];
    const seen = new Set();
    for (const cat of state.report.categories) {
      for (const a of cat.authorities) {
        if (!commented(a)) continue;
        for (const o of a.occurrences) {
          const key = JSON.stringify(o.locator);
          if (!o.locator || seen.has(key)) continue;
          seen.add(key);
          targets.push({ locator: o.locator, text: a.verification.comment });
        }
      }
    }
    return Word.run(async (ctx) => {
      const ranges = await locateAll(ctx, targets.map((t) => t.locator));
      const removed = await removeOwnComments(ctx);
      let added = 0;  // at the authorities' citations: the summary comment is said apart
      ranges.forEach((r, i) => { if (r) { r.insertComment(targets[i].text); added += 1; } });
      const summary = await addSummary(ctx);
      await ctx.sync();
      const inNotes = unreachable(targets.map((t) => t.locator), ranges);
      const missed = targets.length - added - inNotes;
      return `${plural(added, "comment", "comments")} added at citations${summary ? " and the check's summary at the start" : ""}` +
        `${removed ? `, replacing ${removed} earlier ones` : ""}` +
        `${missed ? `; ${missed} citations were not found (scan again)` : ""}` +
        `${inNotes ? `; ${plural(inNotes, "citation", "citations")} in notes left out: ${NOTES_MISSING}` : ""}.`;
    });
  }

  async function insertTable() {
    const doc = await currentDocument();
    const data = await post("/toa", doc);
    keepVerification(state.report, data.report);
    state.report = data.report;
    render(data.report);
    return Word.run(async (ctx) => {
      // Find everything first: the new table holds the same texts and would shift the matches.
      const ranges = await locateAll(ctx, data.fields.map((f) => f.locator));
      const target = await tableTarget(ctx, data.table);
      let oldFields = 0;
      if (state.fieldsOk) {
        for (const f of await taFields(ctx)) { f.delete(); oldFields += 1; }
      }
      let placed = 0;
      ranges.forEach((r, i) => {
        if (!r) return;
        const f = data.fields[i];
        // the field as the engine writes it (italic case name in \\l), on desktop and on the web
        r.insertOoxml(f.ooxml, "Start");
        placed += 1;
      });
      target.range.insertOoxml(data.table.ooxml, target.location);
      await ctx.sync();
      state.hasTable = true;
      render(state.report);  // now with Edit entry
      let message = `Table inserted ${target.said} with ${placed} TA fields${oldFields ? ` (${oldFields} old ones removed)` : ""}.`;
      const inNotes = unreachable(data.fields.map((f) => f.locator), ranges);
      if (placed + inNotes < ranges.length) message += ` ${ranges.length - placed - inNotes} citations were not found and have no TA field.`;
      if (inNotes) message += ` ${plural(inNotes, "citation", "citations")} in notes have no TA field: ${NOTES_MISSING}.`;
      if (state.fieldsOk) {
        // Word lays the table out again in its own layout (issue: pages as Word prints them).
        const fields = ctx.document.body.fields;
        fields.load("items/code");
        await ctx.sync();
        const toa = fields.items.filter((f) => /^\s*TOA\b/i.test(f.code || ""));
        toa.forEach((f) => f.updateResult());
        await ctx.sync();
        message += ` Word updated ${toa.length} TOA fields with its own page numbers.`;
      }
      if (state.pagesOk) {
        await showWordPages(ctx, data.fields, ranges);
        message += " Word's page of each citation is shown under its entry.";
      }
      // the pane's Undo never takes the table back: say what it does take back, if anything
      const last = state.fieldsOk && undoStack.length ? undoStack[undoStack.length - 1].label : null;
      message += " Word's own Undo (Ctrl+Z in the document) takes the table back; it may need more than one.";
      if (last) message += ` The pane's Undo takes back your last ${last}, not the table.`;
      return message;
    });
  }

  async function tableTarget(ctx, table) {
    /* Where the table goes, as toa build puts it: in place of the old table or placeholder, under
     * the kept heading, after the table of contents, or at the start of the body; at the cursor
     * only when the brief has none of these or Word cannot find the paragraph. */
    if (table.replace) {
      const [a, b] = await locateAll(ctx, [table.replace.first, table.replace.last]);
      if (a && b) {
        return { range: a.paragraphs.getFirst().getRange("Whole").expandTo(b.paragraphs.getLast().getRange("Whole")),
                 location: "Replace", said: `in place of the ${table.mode === "placeholder" ? "placeholder" : "old table"}` };
      }
    } else if (table.at && table.at.where === "start") {
      return { range: ctx.document.body, location: "Start", said: "at the start of the brief" };
    } else if (table.at && table.at.paragraph) {
      const [p] = await locateAll(ctx, [table.at.paragraph]);
      if (p) {
        const after = table.at.where === "after";
        const whole = after ? p.paragraphs.getLast().getRange("Whole") : p.paragraphs.getFirst().getRange("Whole");
        const said = table.mode === "after_toc" ? "after the table of contents" : after ? "under its heading" : "in its place";
        return { range: whole, location: after ? "After" : "Before", said };
      }
    }
    const lost = table.replace || (table.at && table.at.where !== "start");
    return { range: ctx.document.getSelection(), location: "After",
             said: lost ? "at the cursor (Word could not find where the table belongs; the document may have changed since the scan)" : "at the cursor" };
  }

  function unreachable(locators, ranges) {
    // citations in notes that this Word does not let add-ins reach (WordApi 1.5)
    if (state.notesOk) return 0;
    return locators.filter((l, i) => l && l.story !== "body" && !ranges[i]).length;
  }

  async function showWordPages(ctx, fields, ranges) {
    const collections = ranges.map((r) => {
      if (!r) return null;
      const pages = r.pages;
      pages.load("items/index");
      return pages;
    });
    await ctx.sync();
    const byAuthority = new Map();
    collections.forEach((c, i) => {
      if (!c || !c.items.length) return;
      const list = byAuthority.get(fields[i].authority) || new Set();
      list.add(c.items[0].index);
      byAuthority.set(fields[i].authority, list);
    });
    for (const div of document.querySelectorAll(".authority")) {
      const text = div.querySelector(".text").textContent;
      const pages = byAuthority.get(text);
      if (pages) {
        div.querySelector(".word-pages").textContent =
          `Word's layout: page ${[...pages].sort((x, y) => x - y).join(", ")} (counted from the first page)`;
      }
    }
  }

  /* ---- an entry: its text as the brief sets it, and a way through its citations ---- */
  function entryText(a) {
    // the case name (and any other title the brief italicizes) in italics: the report's spans
    const span = el("span", "text");
    let at = 0;
    for (const [start, end] of a.emphasis || []) {
      if (start > at) span.append(document.createTextNode(a.text.slice(at, start)));
      span.append(el("i", null, a.text.slice(start, end)));
      at = end;
    }
    if (at < a.text.length) span.append(document.createTextNode(a.text.slice(at)));
    return span;
  }

  function stepper(a) {
    // Previous / Next: selects the entry's citations in the document one after another
    const row = el("div", "stepper");
    const count = a.occurrences.length;
    let current = -1;
    const where = el("span", "step-where", "");  // "Citation 2 of 5" once stepped (the count is in the list below)
    const go = (delta) => {
      current = (current + delta + count) % count;
      where.textContent = `Citation ${current + 1} of ${count}`;
      goTo(a.occurrences[current].locator);
    };
    const prev = el("button", "step-prev", "‹ Previous");
    const next = el("button", "step-next", "Next ›");
    for (const [b, d] of [[prev, -1], [next, 1]]) {
      b.type = "button";
      b.disabled = !state.ready;
      b.addEventListener("click", () => go(d));
    }
    row.append(prev, next, where);
    return row;
  }

  /* ---- Check's progress, and its Cancel ----
   * /check?progress=1 answers a line per step ({"progress": {"stage", "done", "total"}}), then
   * {"answer": report} or {"error", "message"}; Cancel aborts the request, and the server stops
   * the work when its client has gone. */
  const STAGES = { courtlistener: "cases", provisions: "provisions", offline: "authorities" };

  async function checkWithProgress(doc) {
    const controller = new AbortController();
    const cancel = $("cancel");
    const stop = () => controller.abort();
    cancel.hidden = false;
    cancel.addEventListener("click", stop);
    try {
      let response;
      try {
        response = await fetch(`${API}/check${requestQuery({ progress: "1" })}`,
                               { method: "POST", headers: { "Content-Type": doc.type }, body: doc.body, signal: controller.signal });
      } catch (e) {
        if (controller.signal.aborted) throw new PaneError("Check cancelled; nothing changed.", "cancelled");
        throw new PaneError("The toa server is not running. Start it with `toa serve`, then try again.", "offline");
      }
      if (!response.ok) {
        let data = null;
        try { data = await response.json(); } catch (e) { data = null; }
        throw new PaneError(data && data.message ? data.message : `The server answered ${response.status}.`, data && data.error);
      }
      const most = {};  // stage -> the most steps reported done
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch (e) {
          if (controller.signal.aborted) throw new PaneError("Check cancelled; nothing changed.", "cancelled");
          throw e;
        }
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let nl;
        while ((nl = buffer.indexOf("\n")) !== -1) {
          const event = JSON.parse(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
          if (event.progress) {
            // steps fetched side by side may report out of order: the count never goes back
            const p = event.progress;
            most[p.stage] = Math.max(most[p.stage] || 0, p.done);
            $("message").textContent = `Checking ${STAGES[p.stage] || p.stage}: checked ${most[p.stage]} of ${p.total}…`;
          } else if (event.answer) {
            return event.answer;
          } else if (event.error) {
            throw new PaneError(event.message, event.error);
          }
        }
      }
      throw new PaneError("The server ended the check without an answer; try again.");
    } finally {
      cancel.hidden = true;
      cancel.removeEventListener("click", stop);
    }
  }

  /* ---- options remembered per document, and the preview ----
   * The court style and the page source are Office document settings (toa.style, toa.pages):
   * they travel with the brief, and every request sends them. */
  function optionControls(health) {
    const choices = { style: (health.styles || []).map((st) => [st.name, `${st.name}: ${st.description}`]),
                      pages: (health.pages || []).filter((p) => p !== "auto").map((p) => [p, p]) };
    for (const name of ["style", "pages"]) {
      const select = $(name);
      for (const [value, label] of choices[name]) {
        const option = el("option", null, label);
        option.value = value;
        select.append(option);
      }
      select.value = setting(`toa.${name}`) || "auto";
      if (select.value === "") select.value = "auto";  // a setting this server does not know
      select.addEventListener("change", () => {
        const settings = Office.context.document.settings;
        if (select.value === "auto") settings.remove(`toa.${name}`); else settings.set(`toa.${name}`, select.value);
        if (name === "style") passimAllowed(health);
        settings.saveAsync(() => optionSet(`${name === "style" ? "Court style" : "Page source"} set for this document: ${select.value}. Scan again to see it.`));
      });
    }
    // passim threshold (toa.passim: a number, 0 for never) and footnotes (toa.footnotes: false
    // when left out), kept in the document's settings like the style
    const passim = $("passim");
    for (let n = 2; n <= 10; n++) {
      const option = el("option", null, `${n} or more pages`);
      option.value = String(n);
      passim.append(option);
    }
    const kept = setting("toa.passim");
    passim.value = kept === null || kept === undefined ? "" : String(kept);
    passimAllowed(health);
    passim.addEventListener("change", () => {
      const settings = Office.context.document.settings;
      if (passim.value === "") settings.remove("toa.passim"); else settings.set("toa.passim", Number(passim.value));
      settings.saveAsync(() => optionSet(`Passim set for this document: ${passim.value === "" ? "as the style" : passim.value === "0" ? "never" : `${passim.value} or more pages`}. Scan again to see it.`));
    });
    const notes = $("footnotes");
    notes.checked = setting("toa.footnotes") !== false;
    notes.addEventListener("change", () => {
      const settings = Office.context.document.settings;
      if (notes.checked) settings.remove("toa.footnotes"); else settings.set("toa.footnotes", false);
      settings.saveAsync(() => optionSet(`Citations in footnotes ${notes.checked ? "included" : "left out"} for this document. Scan again to see it.`));
    });
  }

  function passimAllowed(health) {
    // a court style that forbids passim (threshold 0) offers none: the server would keep every page
    const chosen = (health.styles || []).find((st) => st.name === $("style").value);
    const forbidden = Boolean(chosen && !chosen.passim);
    $("passim").disabled = forbidden;
    $("passim").title = forbidden ? `The ${chosen.name} style allows no passim: every page is listed.` : "";
  }

  function previewShown() {
    return !$("preview-box").hidden;
  }

  function optionSet(said) {
    // a choice saved in the document: a preview on show follows it at once
    if (previewShown() && state.ready) run("Building the preview…", async () => { await preview(); return said; }, false, false);
    else done(said);
  }

  async function preview() {
    const doc = await currentDocument();
    const data = await post("/toa", doc);
    const box = $("preview-table");
    box.textContent = "";
    for (const cat of data.report.categories) {
      box.append(el("h3", null, cat.heading));
      for (const a of cat.authorities) {
        const line = el("div", "preview-line");
        line.append(entryText(a), el("span", "leader"), el("span", "pages", a.page_text || "?"));
        box.append(line);
      }
    }
    $("preview-box").hidden = false;
    const style = data.report.style ? ` (${typeof data.report.style === "string" ? data.report.style : data.report.style.name})` : "";
    return `Preview of the table${style}: Insert table puts it in the brief.`;
  }

  /* ---- editing the table through its TA fields (Word desktop: WordApi 1.5) ----
   * Every change is made to the entry's TA fields, so Word's own Update Field gives the same
   * table, and toa keeps it on the next Scan or Insert table (the \l text and the \c heading of
   * the brief's TA fields are the table's source: toa/authorities/marks.py). Exclude removes the
   * entry's TA fields and remembers the entry in the document's settings; every request sends
   * the excluded entries. Each change goes on a stack that Undo takes back, newest first. */
  const EXCLUDED = "toa.excluded";  // Office document setting: the entry texts left out
  // What the pane takes of that setting (README "Limits"; another program, or a damaged
  // document, may hold anything there): entry texts, strings of 1 to MAX_ENTRY_TEXT characters,
  // the first MAX_EXCLUDED of them while they fit in EXCLUDED_BYTES, for every request carries
  // them in its address and the server takes a request's head up to 256 KiB (serve.py
  // HEAD_BYTES). The pane says what it ignored.
  const MAX_EXCLUDED = 1000;
  const MAX_ENTRY_TEXT = 500;
  const EXCLUDED_BYTES = 192 * 1024;
  const undoStack = [];
  const NO_FIELDS = "This entry has no TA fields in the document: Insert table first (or scan again: the document may have changed).";

  function normal(text) {
    return (text || "").replace(/[\u2013\u2014]/g, "-").replace(/\s+/g, " ").trim();
  }

  function fieldQuote(text) {
    return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  }

  const SWITCH = /\\([lsc])\s*("(?:[^"\\]|\\.)*"|\S+)/g;

  function switches(code) {
    const out = {};
    for (const m of (code || "").matchAll(SWITCH)) {
      if (out[m[1]] !== undefined) continue;
      out[m[1]] = m[2].startsWith('"') ? m[2].slice(1, -1).replace(/\\(.)/g, "$1") : m[2];
    }
    return out;
  }

  function withSwitch(code, name, value) {
    // `code` with its switch `name` set to `value` (the first one replaced, else added)
    const v = name === "c" ? String(value) : fieldQuote(value);
    let done_ = false;
    const out = code.replace(SWITCH, (whole, n) => {
      if (n !== name || done_) return whole;
      done_ = true;
      return `\\${name} ${v}`;
    });
    return done_ ? out : `${code.trimEnd()} \\${name} ${v} `;
  }

  async function taFields(ctx) {
    // every TA field of the body and, where this Word reaches them, of the notes
    const collections = [ctx.document.body.fields];
    if (state.notesOk) {
      for (const notes of [ctx.document.body.footnotes, ctx.document.body.endnotes]) {
        notes.load("items");
      }
      await ctx.sync();
      for (const notes of [ctx.document.body.footnotes, ctx.document.body.endnotes]) {
        for (const n of notes.items) collections.push(n.body.fields);
      }
    }
    for (const c of collections) c.load("items/code");
    await ctx.sync();
    return collections.flatMap((c) => c.items).filter((f) => /^\s*TA\b/i.test(f.code || ""));
  }

  async function entryFields(ctx, text) {
    // the TA fields of the entry printed as `text`: the one whose \l is it and those sharing its \s
    const all = await taFields(ctx);
    const long = all.find((f) => normal(switches(f.code).l) === normal(text));
    if (!long) throw new PaneError(NO_FIELDS);
    const short = switches(long.code).s;
    return { long, fields: all.filter((f) => switches(f.code).s === short), all };
  }

  async function updateTables(ctx) {
    const fields = ctx.document.body.fields;
    fields.load("items/code");
    await ctx.sync();
    fields.items.filter((f) => /^\s*TOA\b/i.test(f.code || "")).forEach((f) => f.updateResult());
    await ctx.sync();
  }

  function setting(name) {
    try {
      return Office.context.document.settings ? Office.context.document.settings.get(name) : null;
    } catch (e) {
      return null;
    }
  }

  function withinLimits(texts) {
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

  function readExcluded() {
    // the setting as the pane takes it: `texts`, and what it ignored (`notList`: all of it)
    const value = setting(EXCLUDED);
    if (value === null || value === undefined) return { texts: [], notList: false, notTexts: 0, past: 0 };
    if (!Array.isArray(value)) return { texts: [], notList: true, notTexts: 0, past: 0 };
    const entryTexts = value.filter((t) => typeof t === "string" && t.trim() !== "" && t.length <= MAX_ENTRY_TEXT);
    const unique = [...new Set(entryTexts)];
    const texts = withinLimits(unique);
    return { texts, notList: false, notTexts: value.length - entryTexts.length, past: unique.length - texts.length };
  }

  function excluded() {
    return readExcluded().texts;
  }

  function ignoredNote({ notList, notTexts, past }) {
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

  function remember(list) {
    const settings = Office.context.document.settings;
    if (!settings) return Promise.resolve();
    if (list.length) settings.set(EXCLUDED, list); else settings.remove(EXCLUDED);
    return new Promise((resolve) => settings.saveAsync(() => resolve()));
  }

  function requestQuery(extra) {
    const q = new URLSearchParams(extra || {});
    for (const name of ["style", "pages"]) {
      const value = setting(`toa.${name}`);
      if (value && value !== "auto") q.set(name, value);
    }
    const passim = setting("toa.passim");
    if (typeof passim === "number") q.set("passim", String(passim));
    if (setting("toa.footnotes") === false) q.set("footnotes", "0");
    for (const text of excluded()) q.append("exclude", text);
    const s = q.toString();
    return s ? `?${s}` : "";
  }

  function findEntry(report, text) {
    for (const c of report.categories) {
      const i = c.authorities.findIndex((a) => a.text === text);
      if (i !== -1) return { cat: c, index: i, a: c.authorities[i] };
    }
    return null;
  }

  async function changeCodes(label, text, change, local) {
    // rewrite the codes of the entry's TA fields; undo writes the old ones back
    return Word.run(async (ctx) => {
      const { long, fields, all } = await entryFields(ctx, text);
      const changed = fields.map((f) => [f, change(f, f === long, fields)]).filter(([f, code]) => code !== f.code);
      // [position among the document's TA fields, code before, code after]: other fields may
      // have the same code after (a merge), so undo goes by position, by code only if that moved
      const codes = changed.map(([f, code]) => [all.indexOf(f), f.code, code]);
      changed.forEach(([f, code]) => { f.code = code; });
      await updateTables(ctx);
      local.apply();
      undoStack.push({
        label,
        async undo(ctx2) {
          const now = await taFields(ctx2);
          const taken = new Set();
          for (const [i, before, after] of codes) {
            const f = now[i] && now[i].code === after && !taken.has(i) ? now[i] : now.find((x, k) => x.code === after && !taken.has(k));
            if (f) { f.code = before; taken.add(now.indexOf(f)); }
          }
          await updateTables(ctx2);
          local.revert();
        },
      });
      render(state.report);
      return `${label.charAt(0).toUpperCase()}${label.slice(1)} made in ${plural(codes.length, "TA field", "TA fields")}; Word updated the table.`;
    });
  }

  function editText(a, newText) {
    const old = a.text;
    const emphasis = keptEmphasis(a, newText);
    if (emphasis.length) return editItalic(a, newText, emphasis);
    const oldEmphasis = a.emphasis || [];
    return changeCodes("edit", old, (f, isLong) => (isLong ? withSwitch(f.code, "l", newText) : f.code), {
      apply() { Object.assign(findEntry(state.report, old).a, { text: newText, emphasis: [] }); },
      revert() { Object.assign(findEntry(state.report, newText).a, { text: old, emphasis: oldEmphasis }); },
    });
  }

  /* Word takes a TOA entry's italics from the runs of its TA field's \l text (Field.code writes
   * plain text): while the edited text still holds the case name, the entry's \l field is put in
   * again as OOXML, the case name in italic runs as toa build writes it (toa/write/fields.py),
   * at the citation it stood at, and the old one deleted. Undo does the same with the old text. */
  function keptEmphasis(a, newText) {
    // the entry's italic spans (the case name) found again in the edited text
    const out = [];
    for (const [start, end] of a.emphasis || []) {
      const at = newText.indexOf(a.text.slice(start, end));
      if (at !== -1) out.push([at, at + end - start]);
    }
    return out.sort((x, y) => x[0] - y[0]);
  }

  function taParagraph(code, text, emphasis) {
    // a paragraph holding the hidden TA field `code`, whose \l "text" is italic where `emphasis` says
    const pieces = [];
    let at = 0;
    for (const [start, end] of emphasis) {
      if (start > at) pieces.push([text.slice(at, start), false]);
      pieces.push([text.slice(start, end), true]);
      at = end;
    }
    if (at < text.length) pieces.push([text.slice(at), false]);
    const long = `\\l ${fieldQuote(text)}`;
    const cut = code.indexOf(long);
    const parts = cut === -1 ? [[code, false]]
      : [[code.slice(0, cut) + "\\l \"", false], ...pieces.map(([t, it]) => [fieldQuote(t).slice(1, -1), it]),
         [code.slice(cut + long.length - 1), false]];
    const run = (inner, italic) => `<w:r><w:rPr>${italic ? "<w:i/>" : ""}<w:vanish/></w:rPr>${inner}</w:r>`;
    return `<w:p>${run('<w:fldChar w:fldCharType="begin"/>')}` +
      parts.filter(([t]) => t).map(([t, it]) => run(`<w:instrText xml:space="preserve">${xmlText(t)}</w:instrText>`, it)).join("") +
      `${run('<w:fldChar w:fldCharType="end"/>')}</w:p>`;
  }

  async function editItalic(a, newText, emphasis) {
    const old = a.text;
    const oldEmphasis = a.emphasis || [];
    const sites = fieldSites(a);
    return Word.run(async (ctx) => {
      const { long, fields } = await entryFields(ctx, old);
      const site = fields.length === sites.length ? sites[fields.indexOf(long)] : null;
      const [range] = site && site.locator ? await locateAll(ctx, [site.locator]) : [null];
      if (!range) throw new PaneError("The citation the entry's text is marked at was not found: Insert table again, then edit.");
      const before = long.code;
      const after = withSwitch(before, "l", newText);
      range.insertOoxml(bodyPackage([taParagraph(after, newText, emphasis)]), "Start");
      long.delete();
      await updateTables(ctx);
      Object.assign(findEntry(state.report, old).a, { text: newText, emphasis });
      undoStack.push({
        label: "edit",
        async undo(ctx2) {
          const mine = (await taFields(ctx2)).find((f) => f.code === after);
          const [r] = await locateAll(ctx2, [site.locator]);
          if (!mine || !r) throw new PaneError("The edited TA field or its citation is no longer in the document.");
          r.insertOoxml(bodyPackage([taParagraph(before, old, oldEmphasis)]), "Start");
          mine.delete();
          await updateTables(ctx2);
          Object.assign(findEntry(state.report, newText).a, { text: old, emphasis: oldEmphasis });
        },
      });
      render(state.report);
      return "Edit made in 1 TA field, the case name still in italics; Word updated the table.";
    });
  }

  function moveEntry(a, to) {
    const from = findEntry(state.report, a.text).cat;
    const target = state.report.categories.find((c) => c.number === to);
    const move = (src, dst) => () => {
      const e = findEntry(state.report, a.text);
      e.cat.authorities.splice(e.index, 1);
      dst.authorities.push(e.a);
    };
    return changeCodes("move", a.text, (f) => withSwitch(f.code, "c", to),
                       { apply: move(from, target), revert: move(target, from) });
  }

  async function mergeEntry(a, intoText) {
    // a's TA fields take the \s and \c of the entry it joins and lose their \l: Word (and toa)
    // then list its citations under that entry
    const into = await Word.run(async (ctx) => {
      const { long } = await entryFields(ctx, intoText);
      return switches(long.code);
    });
    const gone = findEntry(state.report, a.text);
    return changeCodes("merge", a.text, (f) => withSwitch(withSwitch(f.code.replace(/\\l\s*"(?:[^"\\]|\\.)*"\s*/, ""), "s", into.s), "c", into.c), {
      apply() {
        const e = findEntry(state.report, a.text);
        e.cat.authorities.splice(e.index, 1);
        findEntry(state.report, intoText).a.occurrences.push(...e.a.occurrences);
      },
      revert() {
        const target = findEntry(state.report, intoText).a;
        target.occurrences = target.occurrences.filter((o) => !gone.a.occurrences.includes(o));
        gone.cat.authorities.splice(gone.index, 0, gone.a);
      },
    });
  }

  const STORY_ORDER = { body: 0, footnote: 1, endnote: 2 };

  function fieldSites(a) {
    // the entry's citations as its TA fields lie: one field per place, the body's first, then the
    // notes' (the order taFields reads them in)
    const seen = new Set();
    const sites = [];
    for (const o of a.occurrences) {
      const place = o.locator ? JSON.stringify(o.locator) : null;
      if (place && seen.has(place)) continue;
      if (place) seen.add(place);
      sites.push(o);
    }
    return sites.map((o, i) => [o, i]).sort((x, y) => (STORY_ORDER[x[0].story] || 0) - (STORY_ORDER[y[0].story] || 0) || x[1] - y[1])
      .map(([o]) => o);
  }

  async function splitEntry(a, chosen, newText) {
    // the chosen citations' TA fields take a new \s (and the first of them the new \l): Word,
    // and toa, list them as an entry of their own; if the entry's \l field goes with them, its
    // text goes to the first field that stays
    const sites = fieldSites(a);
    const picked = sites.filter((o) => chosen.includes(o));
    if (!picked.length) throw new PaneError("Tick the citations that belong to the new entry.");
    if (picked.length === sites.length) throw new PaneError("Leave at least one citation with the entry: Edit entry's Save text renames the whole entry.");
    if (findEntry(state.report, newText)) throw new PaneError("The table has that entry already: use Merge into.");
    const used = await Word.run(async (ctx) => new Set((await taFields(ctx)).map((f) => switches(f.code).s)));
    const base = newText.split(",")[0].trim();
    let short = base;
    for (let n = 2; used.has(short); n++) short = `${base} [${n}]`;
    const old = findEntry(state.report, a.text);
    const before = a.occurrences.slice();
    const entry = { text: newText, page_text: "?", emphasis: [], flags: [], occurrences: [] };
    return changeCodes("split", a.text, (f, isLong, fields) => {
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
        return i === firstMoving ? withSwitch(code, "l", newText) : code.replace(/\\l\s*"(?:[^"\\]|\\.)*"\s*/, "");
      }
      if (i === firstStaying && picked.includes(sites[longIndex])) return withSwitch(f.code, "l", switches(fields[longIndex].code).l);
      return f.code;
    }, {
      apply() {
        entry.occurrences = a.occurrences.filter((o) => picked.some((p) => p === o || (p.locator && JSON.stringify(p.locator) === JSON.stringify(o.locator))));
        a.occurrences = a.occurrences.filter((o) => !entry.occurrences.includes(o));
        old.cat.authorities.splice(old.cat.authorities.indexOf(a) + 1, 0, entry);
      },
      revert() {
        a.occurrences = before;
        old.cat.authorities.splice(old.cat.authorities.indexOf(entry), 1);
      },
    });
  }

  async function excludeEntry(a) {
    const text = a.text;
    if (text.length > MAX_ENTRY_TEXT) {
      throw new PaneError(`This entry's text is longer than the ${MAX_ENTRY_TEXT} characters the document keeps of an excluded entry: edit it shorter first.`);
    }
    const list = [...new Set([...excluded(), text])];
    if (withinLimits(list).length < list.length) {
      throw new PaneError(`This document already leaves out ${excluded().length.toLocaleString("en-US")} entries, the most a request carries: restore one first.`);
    }
    return Word.run(async (ctx) => {
      const { long, fields } = await entryFields(ctx, text);
      const longCode = long.code;
      const shortCode = (fields.find((f) => f !== long) || {}).code || long.code.replace(/\\l\s*"(?:[^"\\]|\\.)*"\s*/, "");
      fields.forEach((f) => f.delete());
      await updateTables(ctx);
      await remember(list);
      const place = findEntry(state.report, text);
      place.cat.authorities.splice(place.index, 1);
      undoStack.push({
        label: "exclude",
        async undo(ctx2) {
          // the TA fields back at the entry's citations: the \l one at the first full citation
          const occs = place.a.occurrences.filter((o) => o.locator);
          const firstFull = Math.max(0, occs.findIndex((o) => o.kind === "full"));
          const ranges = await locateAll(ctx2, occs.map((o) => o.locator));
          ranges.forEach((r, i) => {
            if (r) r.insertField("Start", "TA", (i === firstFull ? longCode : shortCode).replace(/^\s*TA\s*/i, "").trim(), false);
          });
          await updateTables(ctx2);
          await remember(excluded().filter((t) => t !== text));
          place.cat.authorities.splice(place.index, 0, place.a);
        },
      });
      render(state.report);
      return `Excluded from the table: ${plural(fields.length, "TA field", "TA fields")} removed; the document remembers it.`;
    });
  }

  /* ---- Restore an excluded entry ----
   * The document's settings remember what was excluded (in any session): Restore takes the entry
   * off that list and puts its TA fields back where /toa says they go, as Insert table puts
   * every entry's; Word updates the table. Undo excludes it again. */
  function excludedControls() {
    const list = $("excluded-list");
    list.textContent = "";
    for (const text of excluded()) {
      const li = el("li");
      const restore = el("button", "restore", "Restore");
      restore.type = "button";
      restore.addEventListener("click", () => run("Restoring the entry…", () => restoreEntry(text)));
      li.append(el("span", "text", text), restore);
      list.append(li);
    }
    const note = ignoredNote(readExcluded());
    $("excluded-ignored").textContent = note;
    $("excluded-ignored").hidden = note === "";
    $("excluded").hidden = list.childElementCount === 0 && note === "";
  }

  async function restoreEntry(text) {
    await remember(excluded().filter((t) => t !== text));
    const data = await post("/toa", await currentDocument());
    keepVerification(state.report, data.report);
    state.report = data.report;
    const mine = data.fields.filter((f) => f.authority === text);
    let placed = 0;
    if (state.fieldsOk) {
      await Word.run(async (ctx) => {
        const ranges = await locateAll(ctx, mine.map((f) => f.locator));
        ranges.forEach((r, i) => {
          if (r) { r.insertOoxml(mine[i].ooxml, "Start"); placed += 1; }
        });
        await ctx.sync();
        await updateTables(ctx);
      });
    }
    undoStack.push({
      label: "restore",
      async undo(ctx) {
        if (placed) {
          (await entryFields(ctx, text)).fields.forEach((f) => f.delete());
          await updateTables(ctx);
        }
        await remember([...new Set([...excluded(), text])]);
        const place = findEntry(state.report, text);
        if (place) place.cat.authorities.splice(place.index, 1);
      },
    });
    render(state.report);
    const missed = mine.length - placed;
    return `Restored: ${text}; ${plural(placed, "TA field", "TA fields")} put back at its citations` +
      `${missed ? ` (${missed} not found in the document)` : ""}${placed ? "; Word updated the table" : ""}.`;
  }

  /* ---- Mark citation: a citation toa missed, from the selection ----
   * A TA field (\l the entry text, \s the short form, \c the heading) at the selection's start:
   * Word's Update Field lists it, and so does toa (a TA field with \l at no citation it found is
   * an entry of its own: toa/authorities/marks.py). Undo deletes the field. */
  function markControls(report) {
    $("mark").hidden = !state.fieldsOk;
    $("add-heading").hidden = !(state.fieldsOk && state.hasTable);
    const select = $("mark-heading");
    const chosen = select.value;
    select.textContent = "";
    for (const c of report.categories) {
      const option = el("option", null, c.heading);
      option.value = String(c.number);
      select.append(option);
    }
    if (chosen) select.value = chosen;
    if (!select.value && select.options.length) select.selectedIndex = 0;
  }

  async function selectionText(ctx) {
    const selection = ctx.document.getSelection();
    selection.load("text");
    await ctx.sync();
    const text = normal(selection.text);
    if (!text) throw new PaneError("Select the citation in the document first.");
    return { selection, text };
  }

  async function useSelection() {
    const text = await Word.run(async (ctx) => (await selectionText(ctx)).text);
    $("mark-text").value = text;
    $("mark-short").value = text.split(",")[0].trim();
    return "Entry text and short form taken from the selection: correct them, choose the heading, then Mark citation.";
  }

  async function markCitation() {
    const text = normal($("mark-text").value);
    const number = Number($("mark-heading").value);
    if (!text) throw new PaneError("Type the entry text (Use selection fills it from the citation you selected).");
    if (findEntry(state.report, text)) throw new PaneError("The table has that entry already: change the text, or mark the citation under the entry's own text with Merge into.");
    return Word.run(async (ctx) => {
      const { selection, text: cited } = await selectionText(ctx);
      const used = new Set((await taFields(ctx)).map((f) => switches(f.code).s));
      const base = normal($("mark-short").value) || text.split(",")[0].trim();
      let short = base;
      for (let n = 2; used.has(short); n++) short = `${base} [${n}]`;  // Word lists equal \s as one entry
      const code = `\\l ${fieldQuote(text)} \\s ${fieldQuote(short)} \\c ${number}`;
      selection.insertField("Start", "TA", code, false);
      await updateTables(ctx);
      const entry = { text, page_text: "?", emphasis: [], flags: [],
                      occurrences: [{ kind: "full", text: cited, page: null, story: "body", locator: null }] };
      const cat = () => state.report.categories.find((c) => c.number === number);
      cat().authorities.push(entry);
      undoStack.push({
        label: "mark",
        async undo(ctx2) {
          const f = (await taFields(ctx2)).find((x) => normal(switches(x.code).l) === text && switches(x.code).s === short);
          if (f) f.delete();
          await updateTables(ctx2);
          const list = cat().authorities;
          list.splice(list.indexOf(entry), 1);
        },
      });
      render(state.report);
      return `Marked: a TA field for "${text}" at the selection; Word updated the table, and toa lists it from now on.`;
    });
  }

  /* ---- Add a heading: a category of the author's own ----
   * A heading line and a TOA field for a TA category number toa gives no category (10-16, then 5
   * and 6), after the table's last TOA field: entries moved there (Move) are listed under it by
   * Word, and by toa, which reads the line before such a TOA field as its heading
   * (toa/authorities/marks.py). Undo takes both paragraphs out. */
  const OWN_NUMBERS = [10, 11, 12, 13, 14, 15, 16, 5, 6];
  const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

  function xmlText(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");  // element content only
  }

  function bodyPackage(paragraphs) {
    // a Flat OPC package holding `paragraphs` (w:p XML), for insertOoxml
    return '<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage">' +
      '<pkg:part pkg:name="/_rels/.rels" pkg:contentType="application/vnd.openxmlformats-package.relationships+xml"><pkg:xmlData>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships></pkg:xmlData></pkg:part>' +
      '<pkg:part pkg:name="/word/document.xml" pkg:contentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml">' +
      `<pkg:xmlData><w:document xmlns:w="${W_NS}"><w:body>${paragraphs.join("")}</w:body></w:document></pkg:xmlData></pkg:part></pkg:package>`;
  }

  async function addHeading(name) {
    if (state.report.categories.some((c) => normal(c.heading).toLowerCase() === name.toLowerCase())) {
      throw new PaneError("The table has that heading already.");
    }
    return Word.run(async (ctx) => {
      const fields = ctx.document.body.fields;
      fields.load("items/code");
      await ctx.sync();
      const toas = fields.items.filter((f) => /^\s*TOA\b/i.test(f.code || ""));
      if (!toas.length) throw new PaneError("The brief has no table yet: Insert table first, then add the heading to it.");
      const used = new Set([...fields.items.map((f) => Number(((f.code || "").match(/\\c\s*"?(\d+)/) || [])[1])),
                            ...state.report.categories.map((c) => c.number)]);
      const number = OWN_NUMBERS.find((n) => !used.has(n));
      if (number === undefined) throw new PaneError("Every TA category Word has (1-16) is in use.");
      const last = toas[toas.length - 1];
      const code = /\\c\s*"?\d+"?/.test(last.code) ? last.code.replace(/\\c\s*"?\d+"?/, `\\c "${number}"`) : ` TOA \\c "${number}" `;
      const run = (inner) => `<w:r>${inner}</w:r>`;
      const paragraphs = [
        `<w:p><w:pPr><w:keepNext/></w:pPr>${run(`<w:t xml:space="preserve">${xmlText(name)}</w:t>`)}</w:p>`,
        `<w:p>${run('<w:fldChar w:fldCharType="begin"/>')}${run(`<w:instrText xml:space="preserve">${xmlText(code)}</w:instrText>`)}` +
          `${run('<w:fldChar w:fldCharType="separate"/>')}${run('<w:fldChar w:fldCharType="end"/>')}</w:p>`,
      ];
      const inserted = last.result.paragraphs.getLast().getRange("Whole").insertOoxml(bodyPackage(paragraphs), "After");
      inserted.track();
      await ctx.sync();
      await updateTables(ctx);
      const category = { heading: name, number, authorities: [] };
      state.report.categories.push(category);
      undoStack.push({
        label: "add heading",
        async undo() {
          await Word.run(inserted, async (ctx2) => {
            inserted.delete();
            inserted.untrack();
            await ctx2.sync();
            await updateTables(ctx2);
          });
          state.report.categories.splice(state.report.categories.indexOf(category), 1);
        },
      });
      render(state.report);
      return `Heading "${name}" added to the table (TA category ${number}): Move entries under it.`;
    });
  }

  async function undoLast() {
    const change = undoStack.pop();
    if (!change) return "Nothing to undo.";
    await Word.run(async (ctx) => change.undo(ctx));
    render(state.report);
    return `Undone: ${change.label}.`;
  }

  function editControls(a, cat, report) {
    const box = el("details", "edit");
    box.append(el("summary", null, "Edit entry"));
    const text = el("textarea", "edit-text");
    text.value = a.text;
    text.rows = 2;
    const save = el("button", "edit-save", "Save text");
    save.type = "button";
    save.addEventListener("click", () => {
      const value = normal(text.value);
      if (value && value !== a.text) run("Changing the entry…", () => editText(a, value));
    });
    const heading = el("select", "edit-heading");
    for (const c of report.categories) {
      const option = el("option", null, c.heading);
      option.value = String(c.number);
      option.selected = c === cat;
      heading.append(option);
    }
    const move = el("button", "edit-move", "Move");
    move.type = "button";
    move.addEventListener("click", () => {
      const to = Number(heading.value);
      if (to !== cat.number) run("Moving the entry…", () => moveEntry(a, to));
    });
    const exclude = el("button", "edit-exclude", "Exclude");
    exclude.type = "button";
    exclude.addEventListener("click", () => run("Excluding the entry…", () => excludeEntry(a)));
    const row = el("div", "edit-row");
    row.append(heading, move, exclude);
    const others = el("select", "edit-merge-into");
    for (const c of report.categories) {
      for (const other of c.authorities) {
        if (other === a) continue;
        const option = el("option", null, other.text);
        option.value = other.text;
        others.append(option);
      }
    }
    const merge = el("button", "edit-merge", "Merge into");
    merge.type = "button";
    merge.addEventListener("click", () => {
      if (others.value) run("Merging the entries…", () => mergeEntry(a, others.value));
    });
    const mergeRow = el("div", "edit-row");
    mergeRow.append(merge, others);
    box.append(text, save, row, mergeRow);
    if (a.occurrences.length > 1) box.append(splitControls(a));
    return box;
  }

  function splitControls(a) {
    // Split: the ticked citations become an entry of their own, under the text typed
    const part = el("div", "edit-split");
    part.append(el("p", "note", "Split: tick the citations of another authority and name it."));
    const ticks = [];
    for (const o of fieldSites(a)) {
      const label = el("label", "split-cite");
      const tick = el("input");
      tick.type = "checkbox";
      ticks.push([tick, o]);
      label.append(tick, document.createTextNode(` ${o.text}`));
      part.append(label);
    }
    const name = el("input", "split-text");
    name.type = "text";
    name.placeholder = "The new entry's text";
    const go = el("button", "edit-split-go", "Split");
    go.type = "button";
    go.addEventListener("click", () => {
      const value = normal(name.value);
      const chosen = ticks.filter(([t]) => t.checked).map(([, o]) => o);
      run("Splitting the entry…", () => {
        if (!value) throw new PaneError("Type the new entry's text.");
        return splitEntry(a, chosen, value);
      });
    });
    const row = el("div", "edit-row");
    row.append(name, go);
    part.append(row);
    return part;
  }

  /* ---- the list follows the document's edits ----
   * After each action the pane keeps the body's paragraph texts (Body.paragraphs, WordApi 1.1).
   * When Word says the selection moved (typing moves it: Office's DocumentSelectionChanged) or the
   * pane gets the focus back, it reads them again; the paragraphs that differ (from the first
   * changed one to the last) go to /rescan with one neighbour each side, as Word's package of them
   * (Range.getOoxml: their italics, which mark a case name, with them), after a line per entry
   * cited before them holding its full citation (so that a short form, supra or Id. there resolves
   * as in the whole brief), never the whole brief. The answer's citations in the changed
   * paragraphs replace what the list had there; every other citation's locator is counted again
   * over the new text. Pages stay those of the last Scan. */
  const FOLLOW_DELAY = 600;  // ms of quiet after the last change before the re-scan
  let followTimer = null;

  async function bodyTexts() {
    return Word.run(async (ctx) => {
      const paragraphs = ctx.document.body.paragraphs;
      paragraphs.load("items/text");
      await ctx.sync();
      return paragraphs.items.map((p) => p.text);
    });
  }

  async function keepTexts() {
    try {
      state.texts = await bodyTexts();
    } catch (e) {
      state.texts = null;  // the list then waits for the next Scan
    }
  }

  function hits(texts, search) {
    // Word's default search as the locators count it: case-insensitive, within a paragraph, not overlapping
    const needle = search.replace(/\^\^/g, "^").toLowerCase();
    const out = [];
    texts.forEach((text, p) => {
      const low = text.toLowerCase();
      for (let at = needle ? low.indexOf(needle) : -1; at !== -1; at = low.indexOf(needle, at + needle.length)) out.push([p, at]);
    });
    return out;
  }

  function relocated(locator, from, to, paragraphOf) {
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

  function citedBefore(texts, first) {
    /* The full citation of every entry cited before paragraph `first`, one line each, the entry
     * cited last the last line: a short form, supra or Id. in the changed part resolves to them
     * as in the whole brief, and the brief's own text is not sent. Entries cited in a note come
     * first (where a note stands among the paragraphs is not known here). */
    const last = [];
    for (const c of state.report.categories) {
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

  function changedPart(before, after) {
    let first = 0;
    while (first < before.length && first < after.length && before[first] === after[first]) first += 1;
    if (first === before.length && first === after.length) return null;
    let tail = 0;
    while (tail < before.length - first && tail < after.length - first &&
           before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail += 1;
    return { first, beforeEnd: before.length - tail, afterEnd: after.length - tail };
  }

  function scheduleFollow() {
    if (!state.report || !state.texts) return;
    clearTimeout(followTimer);
    followTimer = setTimeout(async () => {
      if (state.working) { scheduleFollow(); return; }
      let after;
      try { after = await bodyTexts(); } catch (e) { return; }
      const part = state.texts && changedPart(state.texts, after);
      if (part && !state.working) run("Re-scanning what changed…", () => follow(state.texts, after, part), false, true);
    }, FOLLOW_DELAY);
  }

  async function follow(before, after, part) {
    const from = Math.max(0, part.first - 1);
    const to = Math.min(after.length, part.afterEnd + 1);
    const cited = citedBefore(before, from);
    const sent = [...cited, ...after.slice(from, to)];
    // the paragraphs as Word's package of them, as Scan sends the document on the web
    const ooxml = await ooxmlOf(async (ctx) => {
      const paragraphs = ctx.document.body.paragraphs;
      paragraphs.load("items");
      await ctx.sync();
      if (paragraphs.items.length !== after.length) throw new PaneError("The document changed again; the list follows it after your next edit.");
      return paragraphs.items[from].getRange("Whole").expandTo(paragraphs.items[to - 1].getRange("Whole"));
    });
    const data = await post("/rescan", { body: JSON.stringify({ paragraphs: cited, ooxml }), type: "application/json" });
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
    for (const c of state.report.categories) for (const a of c.authorities) a.occurrences = a.occurrences.filter((o) => keep(o, a));
    state.report.unlinked = state.report.unlinked.filter((o) => keep(o, null));
    const fresh = (o) => {
      if (o.story !== "body" || !o.locator) return null;
      const moved = relocated(o.locator, sent, after, sentParagraph);
      if (!moved) return null;
      added += 1;
      return { ...o, page: null, locator: moved.locator, at: moved.at };
    };
    for (const c of data.report.categories) {
      for (const a of c.authorities) {
        const occurrences = a.occurrences.map(fresh).filter(Boolean);
        if (!occurrences.length) continue;
        let entry = findEntry(state.report, a.text);
        if (!entry) {
          let cat = state.report.categories.find((x) => x.number === c.number);
          if (!cat) {
            cat = { ...c, authorities: [] };
            state.report.categories.push(cat);
            state.report.categories.sort((x, y) => x.number - y.number);
          }
          cat.authorities.push({ ...a, page_text: "?", occurrences: [] });
          entry = findEntry(state.report, a.text);
        }
        entry.a.occurrences.push(...occurrences);
        touched.add(entry.a);
      }
    }
    state.report.unlinked.push(...data.report.unlinked.map(fresh).filter(Boolean));
    for (const c of state.report.categories) {
      for (const a of c.authorities) {
        if (!touched.has(a)) continue;
        // document order: the body's citations by place, then the notes' as they were
        const order = (o) => (o.at ? o.at[0] * 1e6 + o.at[1] : 0);
        a.occurrences.sort((x, y) => (STORY_ORDER[x.story] || 0) - (STORY_ORDER[y.story] || 0) || order(x) - order(y));
      }
      const gone = c.authorities.filter((a) => touched.has(a) && !a.occurrences.length);
      c.authorities = c.authorities.filter((a) => !gone.includes(a));
      if (gone.length && !c.authorities.length) c.emptied = true;
    }
    state.report.categories = state.report.categories.filter((c) => !c.emptied);
    state.texts = after;
    render(state.report);
    return `The list follows your edit: ${plural(sent.length, "paragraph", "paragraphs")} re-scanned` +
      ` (${plural(added, "citation", "citations")} there now, ${removed} before). Pages are those of the last Scan.`;
  }

  /* ---- start ---- */
  function limits(info) {
    const out = [];
    if (!info.host) {
      out.push("Office.js reports no host: open this pane from Word (References > Table of Authorities).");
    } else if (!state.baseOk) {
      out.push(`The pane needs WordApi ${MIN_WORDAPI} (Word 2019 or later, Microsoft 365, Word on the web); this Word has an earlier set (Word 2016 has only 1.1). toa build on the command line does the same work.`);
    } else if (state.web) {
      out.push("Word on the web does not hand the whole file to add-ins: the pane sends the body's package (Body.getOoxml). Headers, footers and page setup outside it are not laid out, so pages are approximate.");
      out.push("Fields are mostly read-only on the web: TA fields go in as OOXML, earlier TA fields are not removed, and the TOA fields cannot be updated here. Open the brief in Word desktop and press F9 on the table to let Word renumber it.");
    } else if (!state.fieldsOk) {
      out.push("This Word does not let add-ins insert or update fields (WordApi 1.5): TA fields go in as OOXML and Word's own page numbers are not requested.");
    }
    if (state.ready) {
      if (!state.pagesOk) out.push("Word's own page of each citation is not available to add-ins here (WordApiDesktop 1.2, Word desktop only).");
      if (!state.commentsOk) out.push("Add comments needs WordApi 1.4, which this Word lacks.");
      if (!state.notesOk) out.push(`Citations in footnotes and endnotes are listed, but Go to, comments and TA fields cannot reach them: ${NOTES_MISSING}.`);
    }
    const list = $("limits-list");
    list.textContent = "";
    for (const text of out) list.append(el("li", null, text));
    $("limits").hidden = out.length === 0;
  }

  function start(info) {
    state.web = info.platform === "OfficeOnline";  // Office.PlatformType.OfficeOnline
    state.baseOk = Boolean(info.host) && supported("WordApi", MIN_WORDAPI);
    state.ready = state.baseOk && typeof Word !== "undefined";
    state.fieldsOk = !state.web && supported("WordApi", "1.5");
    state.commentsOk = supported("WordApi", "1.4");
    state.notesOk = supported("WordApi", "1.5");
    state.pagesOk = !state.web && supported("WordApiDesktop", "1.2");
    const names = { PC: "Word for Windows", Mac: "Word for Mac", OfficeOnline: "Word on the web", iOS: "Word for iPad" };
    $("platform").textContent = info.host ? `${names[info.platform] || "Word"}` : "Not running inside Word";
    limits(info);
    if (!state.ready) {
      done(info.host ? `This Word lacks WordApi ${MIN_WORDAPI}, which the pane needs.` :
        "Open this pane from Word: outside Word there is no document to scan.", true);
      return;
    }
    $("scan").addEventListener("click", () => run("Scanning the brief…", scan));
    $("check").addEventListener("click", () => run("Checking every authority…", check, true, false));
    $("comments").addEventListener("click", () => run("Adding comments…", addComments, true, false));
    $("insert").addEventListener("click", () => run("Building the table…", insertTable));
    $("filter").addEventListener("change", applyFilter);
    $("undo").addEventListener("click", () => run("Undoing…", undoLast));
    $("preview").addEventListener("click", () => run("Building the preview…", preview, false));
    $("mark-from-selection").addEventListener("click", () => run("Reading the selection…", useSelection, false));
    $("mark-insert").addEventListener("click", () => run("Marking the citation…", markCitation));
    $("heading-add").addEventListener("click", () => run("Adding the heading…", () => {
      const name = normal($("heading-name").value);
      if (!name) throw new PaneError("Type the heading's name.");
      return addHeading(name);
    }));
    excludedControls();
    // the list follows the author's edits (see follow)
    if (Office.context.document.addHandlerAsync) {
      Office.context.document.addHandlerAsync(Office.EventType.DocumentSelectionChanged, scheduleFollow);
    }
    window.addEventListener("focus", scheduleFollow);
    fetch(`${API}/health`).then((r) => r.json()).then((h) => {
      optionControls(h);
      if (!h.libreoffice) $("message").textContent = "LibreOffice is not installed on this computer: pages will be estimated.";
    }, () => done("The toa server is not running. Start it with `toa serve`.", true));
    done($("message").textContent);
  }

  if (typeof Office === "undefined") {
    document.addEventListener("DOMContentLoaded", () => {
      done("Office.js did not load: open this pane from Word, with a network connection.", true);
    });
  } else {
    Office.onReady((info) => start(info || {}));
  }
})();

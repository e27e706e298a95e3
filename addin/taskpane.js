/* The toa task pane: ES modules over Office.js and the local toa server (same origin), loaded by
 * taskpane.html with no build step. This module starts the pane and runs its workflow; the others
 * are the Word adapter (word.js: every Office.js call), the server's client (api.js), the state
 * and undo history as pure functions (state.js, follow.js, fields.js), the view (view.js) and the
 * edits of the table through its TA fields (edits.js).
 *
 * Scan sends the document (the .docx from getFileAsync on Word desktop, the body's Flat OPC
 * from Body.getOoxml where getFileAsync is not available, as on Word on the web) to
 * /api/v1/analyze and lists the authorities. Every occurrence carries a locator, which the Word
 * adapter resolves with Body.search. */
import { NOT_RUNNING, PaneError, serverClient } from "./api.js";
import * as edits from "./edits.js";
import { changedPart, citedBefore, followed, sentRange } from "./follow.js";
import {
  EXCLUDED, SHORT_FORMS, checkedLine, counts, lastChange, normal, plural, readExcluded, ignoredNote, withVerification,
} from "./state.js";
import * as view from "./view.js";
import { MIN_WORDAPI, officeNamespaces, wordAdapter } from "./word.js";

const NOTES_MISSING = "reaching footnotes and endnotes needs WordApi 1.5, which this Word lacks";
const OFFLINE = `${NOT_RUNNING} Start it with the command below; the pane carries on by itself once it answers.`;
const RETRY = 2000;  // ms between the pane's tries to reach a server that is not running
const STAGES = { courtlistener: "cases", provisions: "provisions", offline: "authorities" };
const FOLLOW_DELAY = 600;  // ms of quiet after the last change before the re-scan
const FIRST = Symbol("the list's first entry");

function startPane(word) {
  // word: the Word adapter (word.js), the pane's only way to the document
  const can = word.can;
  // hasTable: the document has a TOA field (a table toa or Word built), so entries have TA fields to edit
  // focus: the entry to focus on once the running action is done (FIRST: the list's first);
  // abort: what cancels the running scan or check (Escape, Cancel)
  const state = { report: null, checked: false, hasTable: false, working: false, texts: null, history: [], focus: null, abort: null,
                  online: null, options: false };

  function excluded() {
    return readExcluded(word.setting(EXCLUDED)).texts;
  }

  function requestQuery() {
    // what every request carries: the document's choices (toa.style, toa.pages, toa.passim,
    // toa.footnotes) and its excluded entries
    const q = new URLSearchParams();
    for (const name of ["style", "pages"]) {
      const value = word.setting(`toa.${name}`);
      if (value && value !== "auto") q.set(name, value);
    }
    const passim = word.setting("toa.passim");
    if (typeof passim === "number") q.set("passim", String(passim));
    if (word.setting("toa.footnotes") === false) q.set("footnotes", "0");
    for (const text of excluded()) q.append("exclude", text);
    return q;
  }

  const client = serverClient(requestQuery);
  const actions = {
    goTo,
    edit: (a, value) => run("Changing the entry…", () => edits.editText(pane, a, value)),
    move: (a, to) => run("Moving the entry…", () => edits.moveEntry(pane, a, to)),
    exclude: (a) => run("Excluding the entry…", () => edits.excludeEntry(pane, a)),
    merge: (a, into) => run("Merging the entries…", () => edits.mergeEntry(pane, a, into)),
    split: (a, chosen, text) => run("Splitting the entry…", () => edits.splitEntry(pane, a, chosen, text)),
    restore: (text) => run("Restoring the entry…", () => edits.restoreEntry(pane, text)),
  };
  const pane = {
    state, word, client, excluded,
    remember: (list) => word.saveSetting(EXCLUDED, list.length ? list : null),
    show,
  };

  function show() {
    view.render(state.report, {
      checked: state.checked, ready: can.ready, fieldsOk: can.fieldsOk, hasTable: state.hasTable,
      excluded: excluded(), excludedNote: ignoredNote(readExcluded(word.setting(EXCLUDED))),
    }, actions);
  }

  function done(message, isError) {
    const last = lastChange(state.history);
    const report = Boolean(can.ready && state.report);
    view.done(message, isError, {
      scan: can.ready && state.online !== false, check: report && state.online !== false, comments: Boolean(can.ready && state.checked && can.commentsOk),
      undo: Boolean(can.ready && can.fieldsOk && last), undoLabel: last ? last.label : null,
    });
  }

  function cancellable() {
    // an AbortController that Escape and Cancel abort while the action runs
    const controller = new AbortController();
    state.abort = controller;
    const hide = view.showCancel(() => controller.abort());
    return { signal: controller.signal, end() { hide(); state.abort = null; } };
  }

  function refocus(from, failed) {
    /* After an action, focus goes to the next sensible control, never the page's body: the entry
     * the action named (the edited one, the one after an excluded one, the one an undo put back,
     * the list's first after a scan), else the control that started it, else Scan. */
    const target = failed ? null : state.focus;
    state.focus = null;
    if (target === FIRST && view.focusFirstEntry()) return;
    if (typeof target === "string" && view.focusEntry(target)) return;
    if (from && from.isConnected && !from.disabled && from !== document.body) { from.focus(); return; }
    if (from && from.id && view.focusOn(from.id)) return;
    if (!view.focusOn("scan")) view.focusFirstEntry();
  }

  async function run(message, work, rebase = true, changesTable = rebase) {
    const from = document.activeElement;
    view.busy(message);
    state.working = true;
    let said;
    let failed = false;
    try {
      said = await work();
    } catch (e) {
      said = e instanceof PaneError ? e.message : `Something went wrong: ${e && e.message ? e.message : e}`;
      failed = true;
      if (e instanceof PaneError && e.code === "offline") {
        said = OFFLINE;
        offline();
      }
    }
    // a preview on show follows every change of the table (an edit, an exclude, a new scan)
    if (!failed && changesTable && view.previewShown()) {
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
    refocus(from, failed);
  }

  function goTo(locator) {
    if (!locator) {
      done("This citation cannot be found by Word's search (it has no searchable text).", true);
      return;
    }
    if (locator.story !== "body" && !can.notesOk) {
      done(`This citation is in a note: ${NOTES_MISSING}.`, true);
      return;
    }
    word.select(locator).then(() => done("Selected in the document."), (e) => done(e.message || String(e), true));
  }

  /* ---- the buttons ---- */
  async function scan() {
    const doc = await word.currentDocument();
    const running = cancellable();
    let report;
    try {
      report = await client.post("/analyze", doc, running.signal);
    } catch (e) {
      throw e.code === "cancelled" ? new PaneError("Scan cancelled; nothing changed.", "cancelled") : e;
    } finally {
      running.end();
    }
    state.report = report;
    state.focus = FIRST;
    state.checked = false;
    state.hasTable = await word.tableInDocument();
    show();
    view.showNotes([]);
    view.showNotVerified(null);
    const shortForms = report.unlinked.filter((o) => SHORT_FORMS.has(o.kind)).length;
    const nameless = report.unlinked.length - shortForms;
    return `Found ${counts(report)}` +
      `${shortForms ? `; ${plural(shortForms, "short form points", "short forms point")} at nothing` : ""}` +
      `${nameless ? `; ${plural(nameless, "citation names", "citations name")} no authority` : ""}.`;
  }

  async function check() {
    const doc = await word.currentDocument();
    const running = cancellable();
    const most = {};  // stage -> the most steps reported done
    let report;
    try {
      report = await client.check(doc, running.signal, (p) => {
        // steps fetched side by side may report out of order: the count never goes back
        most[p.stage] = Math.max(most[p.stage] || 0, p.done);
        view.say(`Checking ${STAGES[p.stage] || p.stage}: checked ${most[p.stage]} of ${p.total}…`);
      });
    } finally {
      running.end();
    }
    state.report = report;
    state.checked = true;
    state.focus = FIRST;
    show();
    view.showNotes((report.verification && report.verification.notes) || []);
    view.showNotVerified(report.verification);
    const fixes = ((report.verification && report.verification.not_verified) || []).filter((g) => g.fix);
    return `${checkedLine(report.verification)}.${fixes.length ? ` To check the rest: ${fixes[0].fix}.` : ""}`;
  }

  async function addComments() {
    if (!can.commentsOk) throw new PaneError("Add comments needs WordApi 1.4, which this Word lacks.");
    const targets = [];
    const seen = new Set();
    for (const cat of state.report.categories) {
      for (const a of cat.authorities) {
        if (!(a.verification && a.verification.comment)) continue;
        for (const o of a.occurrences) {
          const key = JSON.stringify(o.locator);
          if (!o.locator || seen.has(key)) continue;
          seen.add(key);
          targets.push({ locator: o.locator, text: a.verification.comment });
        }
      }
    }
    const summaryText = state.report.verification && state.report.verification.summary_text;
    return word.run(async (ctx) => {
      const ranges = await word.locateAll(ctx, targets.map((t) => t.locator));
      const removed = await word.removeOwnComments(ctx);
      let added = 0;  // at the authorities' citations: the summary comment is said apart
      ranges.forEach((r, i) => { if (r) { word.comment(r, targets[i].text); added += 1; } });
      // the check's summary (what was verified, what was not and why) on the first paragraph with text
      const summary = summaryText ? await word.commentAtStart(ctx, summaryText) : 0;
      await word.sync(ctx);
      const inNotes = word.unreachable(targets.map((t) => t.locator), ranges);
      const missed = targets.length - added - inNotes;
      return `${plural(added, "comment", "comments")} added at citations${summary ? " and the check's summary at the start" : ""}` +
        `${removed ? `, replacing ${removed} earlier ones` : ""}` +
        `${missed ? `; ${missed} citations were not found (scan again)` : ""}` +
        `${inNotes ? `; ${plural(inNotes, "citation", "citations")} in notes left out: ${NOTES_MISSING}` : ""}.`;
    });
  }

  async function insertTable() {
    const data = await client.post("/toa", await word.currentDocument());
    state.report = state.checked ? withVerification(state.report, data.report) : data.report;
    show();
    return word.run(async (ctx) => {
      // Find everything first: the new table holds the same texts and would shift the matches.
      const ranges = await word.locateAll(ctx, data.fields.map((f) => f.locator));
      const target = await word.tableTarget(ctx, data.table);
      let oldFields = 0;
      if (can.fieldsOk) {
        for (const f of await word.taFields(ctx)) { word.deleteField(f); oldFields += 1; }
      }
      let placed = 0;
      ranges.forEach((r, i) => {
        if (!r) return;
        // the field as the engine writes it (italic case name in \\l), on desktop and on the web
        word.insertOoxml(r, data.fields[i].ooxml, "Start");
        placed += 1;
      });
      word.insertOoxml(target.range, data.table.ooxml, target.location);
      await word.sync(ctx);
      state.hasTable = true;
      show();  // now with Edit entry
      let message = `Table inserted ${target.said} with ${placed} TA fields${oldFields ? ` (${oldFields} old ones removed)` : ""}.`;
      const inNotes = word.unreachable(data.fields.map((f) => f.locator), ranges);
      if (placed + inNotes < ranges.length) message += ` ${ranges.length - placed - inNotes} citations were not found and have no TA field.`;
      if (inNotes) message += ` ${plural(inNotes, "citation", "citations")} in notes have no TA field: ${NOTES_MISSING}.`;
      if (can.fieldsOk) {
        // Word lays the table out again in its own layout (issue: pages as Word prints them).
        message += ` Word updated ${await word.updateTables(ctx)} TOA fields with its own page numbers.`;
      }
      if (can.pagesOk) {
        const pages = await word.pagesOf(ctx, ranges);
        const byAuthority = new Map();
        pages.forEach((page, i) => {
          if (page === null) return;
          const list = byAuthority.get(data.fields[i].authority) || new Set();
          list.add(page);
          byAuthority.set(data.fields[i].authority, list);
        });
        view.showWordPages(byAuthority);
        message += " Word's page of each citation is shown under its entry.";
      }
      // the pane's Undo never takes the table back: say what it does take back, if anything
      const last = can.fieldsOk ? lastChange(state.history) : null;
      message += " Word's own Undo (Ctrl+Z in the document) takes the table back; it may need more than one.";
      if (last) message += ` The pane's Undo takes back your last ${last.label}, not the table.`;
      return message;
    });
  }

  /* ---- options remembered per document, and the preview ----
   * The court style, the page source, passim (a number, 0 for never) and footnotes (false when
   * left out) are Office document settings (toa.style, toa.pages, toa.passim, toa.footnotes):
   * they travel with the brief, and every request sends them. */
  function optionControls(health) {
    const chosen = (name) => word.setting(`toa.${name}`);
    view.optionControls(health, chosen, (name, value) => {
      let said;
      let saved;
      if (name === "style" || name === "pages") {
        saved = word.saveSetting(`toa.${name}`, value === "auto" ? null : value);
        if (name === "style") view.passimAllowed(health);
        said = `${name === "style" ? "Court style" : "Page source"} set for this document: ${value}. Scan again to see it.`;
      } else if (name === "passim") {
        saved = word.saveSetting("toa.passim", value === "" ? null : Number(value));
        said = `Passim set for this document: ${value === "" ? "as the style" : value === "0" ? "never" : `${value} or more pages`}. Scan again to see it.`;
      } else {
        saved = word.saveSetting("toa.footnotes", value ? null : false);
        said = `Citations in footnotes ${value ? "included" : "left out"} for this document. Scan again to see it.`;
      }
      saved.then(() => optionSet(said));
    });
  }

  function optionSet(said) {
    // a choice saved in the document: a preview on show follows it at once
    if (view.previewShown() && can.ready) run("Building the preview…", async () => { await preview(); return said; }, false, false);
    else done(said);
  }

  async function preview() {
    const data = await client.post("/toa", await word.currentDocument());
    view.showPreview(data.report);
    const style = data.report.style ? ` (${typeof data.report.style === "string" ? data.report.style : data.report.style.name})` : "";
    return `Preview of the table${style}: Insert table puts it in the brief.`;
  }

  /* ---- the list follows the document's edits (follow.js) ----
   * After each action the pane keeps the body's paragraph texts (Body.paragraphs, WordApi 1.1).
   * When Word says the selection moved (typing moves it) or the pane gets the focus back, it
   * reads them again, and sends what changed to /rescan as Word's package of those paragraphs
   * (Range.getOoxml: their italics, which mark a case name, with them). */
  let followTimer = null;

  async function keepTexts() {
    try {
      state.texts = await word.bodyTexts();
    } catch {
      state.texts = null;  // the list then waits for the next Scan
    }
  }

  function scheduleFollow() {
    if (!state.report || !state.texts) return;
    clearTimeout(followTimer);
    followTimer = setTimeout(async () => {
      if (state.working) { scheduleFollow(); return; }
      let after;
      try { after = await word.bodyTexts(); } catch { return; }
      const part = state.texts && changedPart(state.texts, after);
      if (part && !state.working) run("Re-scanning what changed…", () => follow(state.texts, after, part), false, true);
    }, FOLLOW_DELAY);
  }

  async function follow(before, after, part) {
    const { from, to } = sentRange(part, after.length);
    const cited = citedBefore(state.report, before, from);
    // the paragraphs as Word's package of them, as Scan sends the document on the web
    const ooxml = await word.paragraphsOoxml(from, to, after.length);
    const data = await client.post("/rescan", { body: JSON.stringify({ paragraphs: cited, ooxml }), type: "application/json" });
    const result = followed(state.report, { before, after, part, cited, answer: data.report });
    state.report = result.report;
    state.texts = after;
    show();
    return `The list follows your edit: ${plural(result.sent, "paragraph", "paragraphs")} re-scanned` +
      ` (${plural(result.added, "citation", "citations")} there now, ${result.removed} before). Pages are those of the last Scan.`;
  }

  /* ---- start ---- */
  function limits(info) {
    const out = [];
    if (!info.host) {
      out.push("Office.js reports no host: open this pane from Word (References > Table of Authorities).");
    } else if (!can.baseOk) {
      out.push(`The pane needs WordApi ${MIN_WORDAPI} (Word 2019 or later, Microsoft 365, Word on the web); this Word has an earlier set (Word 2016 has only 1.1). toa build on the command line does the same work.`);
    } else if (can.web) {
      out.push("Word on the web does not hand the whole file to add-ins: the pane sends the body's package (Body.getOoxml). Headers, footers and page setup outside it are not laid out, so pages are approximate.");
      out.push("Fields are mostly read-only on the web: TA fields go in as OOXML, earlier TA fields are not removed, and the TOA fields cannot be updated here. Open the brief in Word desktop and press F9 on the table to let Word renumber it.");
    } else if (!can.fieldsOk) {
      out.push("This Word does not let add-ins insert or update fields (WordApi 1.5): TA fields go in as OOXML and Word's own page numbers are not requested.");
    }
    if (can.ready) {
      if (!can.pagesOk) out.push("Word's own page of each citation is not available to add-ins here (WordApiDesktop 1.2, Word desktop only).");
      if (!can.commentsOk) out.push("Add comments needs WordApi 1.4, which this Word lacks.");
      if (!can.notesOk) out.push(`Citations in footnotes and endnotes are listed, but Go to, comments and TA fields cannot reach them: ${NOTES_MISSING}.`);
    }
    view.showLimits(out);
  }

  function start(info) {
    word.start(info);
    const names = { PC: "Word for Windows", Mac: "Word for Mac", OfficeOnline: "Word on the web", iOS: "Word for iPad" };
    view.showPlatform(info.host ? `${names[info.platform] || "Word"}` : "Not running inside Word");
    limits(info);
    if (!can.ready) {
      done(info.host ? `This Word lacks WordApi ${MIN_WORDAPI}, which the pane needs.` :
        "Open this pane from Word: outside Word there is no document to scan.", true);
      return;
    }
    view.onClick("scan", () => run("Scanning the brief…", scan));
    view.onClick("check", () => run("Checking every authority…", check, true, false));
    view.onClick("comments", () => run("Adding comments…", addComments, true, false));
    view.onClick("insert", () => run("Building the table…", insertTable));
    view.onFilter(view.applyFilter);
    view.keyboard(() => {
      if (!state.abort) return false;
      state.abort.abort();
      return true;
    });
    view.onClick("undo", () => run("Undoing…", () => edits.undoLast(pane)));
    view.onClick("preview", () => run("Building the preview…", preview, false));
    view.onClick("mark-from-selection", () => run("Reading the selection…", async () => {
      const { text, short } = await edits.useSelection(pane);
      view.setValue("mark-text", text);
      view.setValue("mark-short", short);
      return "Entry text and short form taken from the selection: correct them, choose the heading, then Mark citation.";
    }, false));
    view.onClick("mark-insert", () => run("Marking the citation…", () => edits.markCitation(
      pane, normal(view.value("mark-text")), normal(view.value("mark-short")), Number(view.value("mark-heading")))));
    view.onClick("heading-add", () => run("Adding the heading…", () => edits.addHeading(pane, normal(view.value("heading-name")))));
    view.showExcluded(excluded(), ignoredNote(readExcluded(word.setting(EXCLUDED))), actions);
    // the list follows the author's edits (see follow)
    word.onSelectionChanged(scheduleFollow);
    window.addEventListener("focus", scheduleFollow);
    view.onClick("copy-serve", () => view.copyCommand().then((said) => done(said, state.online === false)));
    client.health().then((h) => (h ? online(h) : offline()));
    done(view.message());
  }

  /* ---- the server down ----
   * The page itself loads from the service worker's copy (sw.js); without a server the pane says
   * how to start it (the command, copyable), tries again every RETRY ms, and carries on once it
   * answers. */
  let retryTimer = null;

  function offline() {
    const first = state.online !== false;
    state.online = false;
    view.showOffline(true);
    if (first && !state.working) done(OFFLINE, true);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(async () => {
      const h = await client.health();
      if (h) online(h); else offline();
    }, RETRY);
  }

  function online(h) {
    const back = state.online === false;
    state.online = true;
    view.showOffline(false);
    if (!state.options) {
      state.options = true;
      optionControls(h);
    }
    if (state.working) return;
    if (!h.libreoffice) done("LibreOffice is not installed on this computer: pages will be estimated.");
    else if (back) done("toa is running: Scan finds every authority in the brief.");
    else done(view.message());
  }

  word.ready(start);
}

// the pane's own files kept for when the server is down (sw.js); a browser without service
// workers, or one that refuses this one, loads the pane from the server only
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

const office = officeNamespaces();
if (!office) {
  // module scripts run after the document is parsed
  view.done("Office.js did not load: open this pane from Word, with a network connection.", true, {});
} else {
  startPane(wordAdapter(office.Office, office.Word));
}

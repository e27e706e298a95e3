/* The pane's view: every DOM element it draws and reads (taskpane.html's and the list's). What
 * a control does is the caller's: render and the controls take an `actions` object whose
 * functions the buttons call. */
import { SHORT_FORMS, fieldSitesOf, needsAttention, normal, sentence, verdictBadge, checkedLine } from "./state.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function button(cls, text, onClick) {
  const b = el("button", cls, text);
  b.type = "button";
  if (onClick) b.addEventListener("click", onClick);
  return b;
}

/* ---- status ---- */
export function busy(message) {
  $("status").className = "";
  $("spinner").hidden = false;
  $("message").textContent = message;
  for (const b of document.querySelectorAll(".actions button")) b.disabled = true;
}

export function say(message) {
  $("message").textContent = message;
}

export function done(message, isError, can) {
  // the work is over: its message, and each button as the pane's state allows it now
  $("spinner").hidden = true;
  $("status").className = isError ? "error" : "";
  $("message").textContent = message;
  $("scan").disabled = !can.scan;
  $("check").disabled = !can.check;
  $("insert").disabled = !can.check;
  $("preview").disabled = !can.check;
  $("comments").disabled = !can.comments;
  $("undo").disabled = !can.undo;
  $("undo").textContent = can.undoLabel ? `Undo ${can.undoLabel}` : "Undo";
}

export function showNotes(notes) {
  const list = $("notes");
  list.textContent = "";
  for (const n of notes) list.append(el("li", null, sentence(n)));
  list.hidden = notes.length === 0;
}

export function showNotVerified(verification) {
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

export function showPlatform(text) {
  $("platform").textContent = text;
}

export function showLimits(lines) {
  const list = $("limits-list");
  list.textContent = "";
  for (const text of lines) list.append(el("li", null, text));
  $("limits").hidden = lines.length === 0;
}

/* ---- the list ---- */
// The engine's own judgment calls on an entry, shown for review (the report's entry flags).
const REVIEW = {
  citing_parenthetical: "cited only inside “(citing …)”",
  informal_reference: "also named in the text without a citation",
  short_cite_mismatch: "a short cite whose volume, reporter or pin does not fit the full cite",
  ambiguous_code: "a bare section whose state's code cannot be known: listed in the brief's words",
};

export function entryText(a) {
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

function occurrenceButton(o, actions) {
  const b = button("occurrence", undefined, () => actions.goTo(o.locator));
  const story = o.story === "body" ? "" : ` · ${o.story}`;
  b.append(el("span", "where", `p. ${o.page || "?"} · ${o.kind}${story}: `), el("span", "cite", o.text));
  return b;
}

export function nameOf(a) {
  // what a control says it acts on: the entry's case name (its first italic span), else its text
  const [span] = a.emphasis || [];
  return span ? a.text.slice(span[0], span[1]) : a.text;
}

function named(e, label) {
  e.setAttribute("aria-label", label);
  return e;
}

function stepper(a, ready, actions) {
  // Previous / Next: selects the entry's citations in the document one after another
  const row = el("div", "stepper");
  const count = a.occurrences.length;
  let current = -1;
  const where = el("span", "step-where", "");  // "Citation 2 of 5" once stepped (the count is in the list below)
  const go = (delta) => {
    current = (current + delta + count) % count;
    where.textContent = `Citation ${current + 1} of ${count}`;
    actions.goTo(a.occurrences[current].locator);
  };
  const prev = named(button("step-prev", "‹ Previous", () => go(-1)), `Previous occurrence of ${nameOf(a)}`);
  const next = named(button("step-next", "Next ›", () => go(1)), `Next occurrence of ${nameOf(a)}`);
  prev.disabled = next.disabled = !ready;
  row.append(prev, next, where);
  return row;
}

export function render(report, view, actions) {
  // view: {checked, ready, editable (entries have TA fields to edit), excluded, excludedNote, fieldsOk, hasTable}
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
        if (v.comment || v.reason) div.append(el("p", "reason", v.comment || v.reason));
        if (v.evidence_url) {
          const link = named(el("a", "evidence", "Evidence"), `Evidence for ${nameOf(a)} (opens a new window)`);
          link.href = v.evidence_url;
          link.target = "_blank";
          link.rel = "noopener noreferrer";
          div.append(link);
        }
      }
      div.append(el("div", "word-pages"));
      const details = el("details");
      details.append(el("summary", null, `${a.occurrences.length} ${a.occurrences.length === 1 ? "citation" : "citations"}`));
      for (const o of a.occurrences) details.append(occurrenceButton(o, actions));
      div.append(details);
      div.append(stepper(a, view.ready, actions));
      if (view.fieldsOk && view.hasTable) div.append(editControls(a, cat, report, actions));
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
      li.append(occurrenceButton(o, actions));
      ul.append(li);
    }
    $(id).hidden = list.length === 0;
  }
  const p = report.pagination;
  const note = $("pages-note");
  note.hidden = false;
  note.textContent = `Pages: ${p.method}${p.exact ? "" : " (approximate)"}${p.note ? ` — ${p.note}` : ""}.`;
  $("filter-row").hidden = !view.checked;
  excludedControls(view.excluded, view.excludedNote, actions);
  markControls(report, view);
  applyFilter();
  roveAll();
}

export function applyFilter() {
  const only = $("filter").checked;
  for (const div of document.querySelectorAll(".authority")) {
    div.classList.toggle("hidden-by-filter", only && div.dataset.attention !== "yes");
  }
  roveAll();
}

export function showWordPages(byAuthority) {
  // Word's own page of each entry's citations (a Map of entry text to page indexes)
  for (const div of document.querySelectorAll(".authority")) {
    const pages = byAuthority.get(div.querySelector(".text").textContent);
    if (pages) {
      div.querySelector(".word-pages").textContent =
        `Word's layout: page ${[...pages].sort((x, y) => x - y).join(", ")} (counted from the first page)`;
    }
  }
}

/* ---- editing an entry ---- */
function editControls(a, cat, report, actions) {
  const name = nameOf(a);
  const box = el("details", "edit");
  box.append(named(el("summary", null, "Edit entry"), `Edit entry ${name}`));
  const text = named(el("textarea", "edit-text"), `Text of the entry ${name}`);
  text.value = a.text;
  text.rows = 2;
  const save = named(button("edit-save", "Save text", () => {
    const value = normal(text.value);
    if (value && value !== a.text) actions.edit(a, value);
  }), `Save the text of ${name}`);
  const heading = named(el("select", "edit-heading"), `Heading of ${name}`);
  for (const c of report.categories) {
    const option = el("option", null, c.heading);
    option.value = String(c.number);
    option.selected = c === cat;
    heading.append(option);
  }
  const move = named(button("edit-move", "Move", () => {
    const to = Number(heading.value);
    if (to !== cat.number) actions.move(a, to);
  }), `Move ${name} under the heading chosen`);
  const exclude = named(button("edit-exclude", "Exclude", () => actions.exclude(a)), `Exclude ${name} from the table`);
  const row = el("div", "edit-row");
  row.append(heading, move, exclude);
  const others = named(el("select", "edit-merge-into"), `Entry to merge ${name} into`);
  for (const c of report.categories) {
    for (const other of c.authorities) {
      if (other === a) continue;
      const option = el("option", null, other.text);
      option.value = other.text;
      others.append(option);
    }
  }
  const merge = named(button("edit-merge", "Merge into", () => {
    if (others.value) actions.merge(a, others.value);
  }), `Merge ${name} into the entry chosen`);
  const mergeRow = el("div", "edit-row");
  mergeRow.append(merge, others);
  box.append(text, save, row, mergeRow);
  if (a.occurrences.length > 1) box.append(splitControls(a, actions));
  return box;
}

function splitControls(a, actions) {
  // Split: the ticked citations become an entry of their own, under the text typed
  const part = el("div", "edit-split");
  part.append(el("p", "note", "Split: tick the citations of another authority and name it."));
  const ticks = [];
  for (const o of fieldSitesOf(a)) {
    const label = el("label", "split-cite");
    const tick = el("input");
    tick.type = "checkbox";
    ticks.push([tick, o]);
    label.append(tick, document.createTextNode(` ${o.text}`));
    part.append(label);
  }
  const name = named(el("input", "split-text"), `Text of the new entry split from ${nameOf(a)}`);
  name.type = "text";
  name.placeholder = "The new entry's text";
  const go = named(button("edit-split-go", "Split", () => {
    actions.split(a, ticks.filter(([t]) => t.checked).map(([, o]) => o), normal(name.value));
  }), `Split the ticked citations from ${nameOf(a)}`);
  const row = el("div", "edit-row");
  row.append(name, go);
  part.append(row);
  return part;
}

function excludedControls(texts, note, actions) {
  const list = $("excluded-list");
  list.textContent = "";
  for (const text of texts) {
    const li = el("li");
    li.append(el("span", "text", text), named(button("restore", "Restore", () => actions.restore(text)), `Restore ${text}`));
    list.append(li);
  }
  $("excluded-ignored").textContent = note;
  $("excluded-ignored").hidden = note === "";
  $("excluded").hidden = list.childElementCount === 0 && note === "";
}

export function showExcluded(texts, note, actions) {
  excludedControls(texts, note, actions);
}

function markControls(report, view) {
  $("mark").hidden = !view.fieldsOk;
  $("add-heading").hidden = !(view.fieldsOk && view.hasTable);
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

/* ---- the options and the preview ---- */
export function optionControls(health, chosen, onChange) {
  // the court styles and page sources the server offers, each select set to `chosen(name)`
  const choices = { style: (health.styles || []).map((st) => [st.name, `${st.name}: ${st.description}`]),
                    pages: (health.pages || []).filter((p) => p !== "auto").map((p) => [p, p]) };
  for (const name of ["style", "pages"]) {
    const select = $(name);
    for (const [value, label] of choices[name]) {
      const option = el("option", null, label);
      option.value = value;
      select.append(option);
    }
    select.value = chosen(name) || "auto";
    if (select.value === "") select.value = "auto";  // a setting this server does not know
    select.addEventListener("change", () => onChange(name, select.value));
  }
  const passim = $("passim");
  for (let n = 2; n <= 10; n++) {
    const option = el("option", null, `${n} or more pages`);
    option.value = String(n);
    passim.append(option);
  }
  const kept = chosen("passim");
  passim.value = kept === null || kept === undefined ? "" : String(kept);
  passimAllowed(health);
  passim.addEventListener("change", () => onChange("passim", passim.value));
  const notes = $("footnotes");
  notes.checked = chosen("footnotes") !== false;
  notes.addEventListener("change", () => onChange("footnotes", notes.checked));
}

export function passimAllowed(health) {
  // a court style that forbids passim (threshold 0) offers none: the server would keep every page
  const chosen = (health.styles || []).find((st) => st.name === $("style").value);
  const forbidden = Boolean(chosen && !chosen.passim);
  $("passim").disabled = forbidden;
  $("passim").title = forbidden ? `The ${chosen.name} style allows no passim: every page is listed.` : "";
}

export function previewShown() {
  return !$("preview-box").hidden;
}

export function showPreview(report) {
  const box = $("preview-table");
  box.textContent = "";
  for (const cat of report.categories) {
    box.append(el("h3", null, cat.heading));
    for (const a of cat.authorities) {
      const line = el("div", "preview-line");
      line.append(entryText(a), el("span", "leader"), el("span", "pages", a.page_text || "?"));
      box.append(line);
    }
  }
  $("preview-box").hidden = false;
}

/* ---- the forms ---- */
export function value(id) {
  return $(id).value;
}

export function setValue(id, text) {
  $(id).value = text;
}

export function showCancel(onCancel) {
  // Cancel shown while `onCancel` may be called; the function returned hides it again
  const cancel = $("cancel");
  cancel.hidden = false;
  cancel.addEventListener("click", onCancel);
  return () => {
    cancel.hidden = true;
    cancel.removeEventListener("click", onCancel);
  };
}

export function onClick(id, handler) {
  $(id).addEventListener("click", handler);
}

export function onFilter(handler) {
  $("filter").addEventListener("change", handler);
}

export function message() {
  return $("message").textContent;
}

/* ---- the keyboard ----
 * The list is one tab stop per entry (the roving-tabindex pattern): the entry's controls (its
 * citations, Previous, Next, Evidence, Edit entry) are reached with Left and Right, the other
 * entries with Up and Down, the first and last with Home and End. An open editor's fields are
 * ordinary tab stops. Escape closes the editor or menu the focus is in. */
const STOP = "summary, button.occurrence, button.step-prev, button.step-next, a.evidence";

function shown(e) {
  // drawn, enabled, and not inside a closed details (where some browsers still give it a box)
  for (let d = e.closest("details"); d; d = d.parentElement.closest("details")) {
    const ownSummary = e.tagName === "SUMMARY" && e.parentElement === d;
    if (!d.open && !ownSummary) return false;
  }
  return e.getClientRects().length > 0 && !e.disabled;
}

function stopsOf(div) {
  // the entry's controls the arrows move among: not the fields inside its open editor
  return [...div.querySelectorAll(STOP)].filter((e) => (!e.closest("details.edit") || e.matches("details.edit > summary")) && shown(e));
}

function entries() {
  return [...document.querySelectorAll("#results .authority")].filter((d) => !d.classList.contains("hidden-by-filter"));
}

function rove(div, target) {
  // `target` (a control of the entry `div`) the entry's one tab stop
  for (const e of div.querySelectorAll(STOP)) {
    if (!e.closest("details.edit") || e.matches("details.edit > summary")) e.tabIndex = e === target ? 0 : -1;
  }
}

function roveAll() {
  // each entry's stop: the one it had while it is still there, else its first
  for (const div of document.querySelectorAll("#results .authority")) {
    const stops = stopsOf(div);
    const current = stops.find((e) => e.tabIndex === 0) || stops[0];
    rove(div, current);
  }
}

function focusIn(div, which = null) {
  const stops = stopsOf(div);
  const target = which === "first" ? stops[0] : which === "last" ? stops[stops.length - 1]
    : stops.find((e) => e.tabIndex === 0) || stops[0];
  if (!target) return false;
  rove(div, target);
  target.focus();
  return true;
}

export function focusEntry(text) {
  // focus on the entry printed as `text` (true), or nothing there (false)
  const div = entries().find((d) => d.querySelector(".text").textContent === text);
  return Boolean(div && focusIn(div));
}

export function focusFirstEntry() {
  const first = entries()[0];
  return Boolean(first && focusIn(first));
}

export function focusOn(id) {
  const e = $(id);
  if (!e || e.disabled || !shown(e)) return false;
  e.focus();
  return true;
}

export function keyboard(onEscape) {
  // the list's arrows, and Escape: onEscape() first (it cancels a running scan or check, and
  // says whether it did), else the editor or menu the focus is in is closed
  const results = $("results");
  results.addEventListener("toggle", roveAll, true);  // an opened list of citations adds stops
  results.addEventListener("focusin", (event) => {
    const div = event.target.closest(".authority");
    if (div && event.target.matches(STOP) && stopsOf(div).includes(event.target)) rove(div, event.target);
  });
  results.addEventListener("keydown", (event) => {
    const div = event.target.closest(".authority");
    if (!div || !stopsOf(div).includes(event.target)) return;  // an editor's field keeps its keys
    const list = entries();
    const at = list.indexOf(div);
    const stops = stopsOf(div);
    const i = stops.indexOf(event.target);
    let moved = true;
    if (event.key === "ArrowRight" && i < stops.length - 1) { rove(div, stops[i + 1]); stops[i + 1].focus(); }
    else if (event.key === "ArrowLeft" && i > 0) { rove(div, stops[i - 1]); stops[i - 1].focus(); }
    else if (event.key === "ArrowDown" && at < list.length - 1) focusIn(list[at + 1]);
    else if (event.key === "ArrowUp" && at > 0) focusIn(list[at - 1]);
    else if (event.key === "Home") focusIn(list[0]);
    else if (event.key === "End") focusIn(list[list.length - 1]);
    else moved = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"].includes(event.key);
    if (moved) event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (onEscape()) { event.preventDefault(); return; }
    const open = document.activeElement && document.activeElement.closest("details[open]");
    if (!open) return;
    event.preventDefault();
    open.open = false;
    open.querySelector("summary").focus();
  });
}

/* ---- the server down ---- */
export function showOffline(on) {
  $("offline").hidden = !on;
}

export async function copyCommand() {
  // the command to the clipboard; where the pane may not write it there, selected for Ctrl+C
  const command = $("serve-command").textContent;
  try {
    await navigator.clipboard.writeText(command);
    return `Copied: ${command}. Paste it in a terminal and press Enter.`;
  } catch {
    window.getSelection().selectAllChildren($("serve-command"));
    return "The command is selected: press Ctrl+C (⌘C on a Mac) to copy it, then paste it in a terminal.";
  }
}

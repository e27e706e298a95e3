// The pane's state and undo history (addin/state.js), under node's own test runner: `node --test tests/addin/`.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  change, editedEntry, findEntry, mergedEntry, movedEntry, popped, pushed, readExcluded, splitEntry, undoBlocker, undone,
  withCategory, withEntry, withVerification, withoutEntry, ignoredNote, MAX_ENTRY_TEXT,
} from "../../addin/state.js";

// invented authorities, as the server's report lists them
function occurrence(text, ordinal, kind = "full") {
  return { kind, text, page: 1, story: "body", locator: { story: "body", search: text, ordinal } };
}

function authority(text, ...occurrences) {
  return { text, page_text: "1", emphasis: [], flags: [], occurrences };
}

function report() {
  return {
    categories: [
      { heading: "Cases", number: 1, authorities: [
        authority("Able v. Baker, 1 U.S. 1 (1800)", occurrence("Able v. Baker", 0), occurrence("Able", 0, "short")),
        authority("Carr v. Dunn, 2 U.S. 2 (1801)", occurrence("Carr v. Dunn", 0)),
        authority("Egan v. Fox, 3 U.S. 3 (1802)", occurrence("Egan v. Fox", 0), occurrence("Egan", 0, "short")),
      ] },
      { heading: "Statutes", number: 2, authorities: [authority("1 U.S.C. § 1", occurrence("1 U.S.C. § 1", 0))] },
    ],
    unlinked: [],
    pagination: { method: "estimate", exact: false },
  };
}

function texts(r) {
  return r.categories.map((c) => [c.number, c.authorities.map((a) => a.text)]);
}

function rescanned(r) {
  // a new Scan's report of the same brief: equal content, new objects (the server's answer)
  return JSON.parse(JSON.stringify(r));
}

const ABLE = "Able v. Baker, 1 U.S. 1 (1800)";
const CARR = "Carr v. Dunn, 2 U.S. 2 (1801)";
const EGAN = "Egan v. Fox, 3 U.S. 3 (1802)";

test("a list change returns a new report and leaves the one it was given as it was", () => {
  const before = report();
  const kept = JSON.stringify(before);
  const after = mergedEntry(before, ABLE, EGAN);
  assert.equal(JSON.stringify(before), kept);
  assert.deepEqual(texts(after), [[1, [CARR, EGAN]], [2, ["1 U.S.C. § 1"]]]);
  assert.deepEqual(findEntry(after, EGAN).a.occurrences.map((o) => o.text), ["Egan v. Fox", "Egan", "Able v. Baker", "Able"]);
});

test("undo of a merge after a rescan puts both entries back as they were before the merge", () => {
  const before = report();
  const after = mergedEntry(before, ABLE, EGAN);
  const c = change("merge", before, after, [ABLE, EGAN]);
  // a Scan between the merge and the undo: the list is rebuilt, its entries are new objects and
  // an entry cited earlier in the brief now comes first
  const scanned = rescanned(after);
  scanned.categories[0].authorities.unshift(authority("Aaron v. Abel, 4 U.S. 4 (1803)", occurrence("Aaron v. Abel", 0)));
  assert.equal(undoBlocker(scanned, c), null);
  const back = undone(scanned, c);
  assert.deepEqual(texts(back)[0], [1, [ABLE, "Aaron v. Abel, 4 U.S. 4 (1803)", CARR, EGAN]]);
  assert.deepEqual(findEntry(back, EGAN).a.occurrences.map((o) => o.text), ["Egan v. Fox", "Egan"]);
  assert.deepEqual(findEntry(back, ABLE).a.occurrences.map((o) => o.text), ["Able v. Baker", "Able"]);
});

test("undo of an exclude after a rescan puts the entry back once, under its heading", () => {
  const before = report();
  const after = withoutEntry(before, CARR);
  const c = change("exclude", before, after, [CARR]);
  const back = undone(rescanned(after), c);
  assert.deepEqual(texts(back), texts(before));
  assert.equal(back.categories[0].authorities.filter((a) => a.text === CARR).length, 1);
});

test("undo of an edit after a rescan gives the entry its old text and italics back", () => {
  const before = report();
  findEntry(before, ABLE).a.emphasis = [[0, 13]];
  const after = editedEntry(before, ABLE, "Able v. Baker Co., 1 U.S. 1 (1800)", []);
  const c = change("edit", before, after, [ABLE, "Able v. Baker Co., 1 U.S. 1 (1800)"]);
  const back = undone(rescanned(after), c);
  assert.deepEqual(texts(back), texts(before));
  assert.deepEqual(findEntry(back, ABLE).a.emphasis, [[0, 13]]);
});

test("undo of a move and of a split restore the entry's heading and citations", () => {
  const before = report();
  const moved = movedEntry(before, CARR, 2);
  assert.deepEqual(texts(moved), [[1, [ABLE, EGAN]], [2, ["1 U.S.C. § 1", CARR]]]);
  assert.deepEqual(texts(undone(rescanned(moved), change("move", before, moved, [CARR]))), texts(before));

  const short = findEntry(before, EGAN).a.occurrences[1];
  const split = splitEntry(before, EGAN, [short], authority("Egan v. Gray, 5 U.S. 5 (1804)"));
  assert.deepEqual(findEntry(split, "Egan v. Gray, 5 U.S. 5 (1804)").a.occurrences.map((o) => o.text), ["Egan"]);
  assert.deepEqual(findEntry(split, EGAN).a.occurrences.map((o) => o.text), ["Egan v. Fox"]);
  const back = undone(rescanned(split), change("split", before, split, [EGAN, "Egan v. Gray, 5 U.S. 5 (1804)"]));
  assert.deepEqual(texts(back), texts(before));
  assert.deepEqual(findEntry(back, EGAN).a.occurrences.map((o) => o.text), ["Egan v. Fox", "Egan"]);
});

test("an undo whose entry a rescan took away says so, naming it", () => {
  const before = report();
  const after = mergedEntry(before, ABLE, EGAN);
  const c = change("merge", before, after, [ABLE, EGAN]);
  const gone = withoutEntry(rescanned(after), EGAN);  // the author deleted Egan's citations, then scanned
  const said = undoBlocker(gone, c);
  assert.match(said, /^Nothing undone: “Egan v\. Fox, 3 U\.S\. 3 \(1802\)” is no longer in the list/);
  assert.match(said, /since the merge/);
});

test("an undo of an exclude whose entry is listed again (restored since) is refused", () => {
  const before = report();
  const after = withoutEntry(before, CARR);
  const c = change("exclude", before, after, [CARR]);
  assert.match(undoBlocker(before, c), /“Carr v\. Dunn, 2 U\.S\. 2 \(1801\)” is in the list again/);
});

test("marking a citation and adding a heading are taken back; a heading gone since is said", () => {
  const before = report();
  const entry = authority("Hale v. Ives, 6 U.S. 6 (1805)");
  const marked = withEntry(before, 2, entry);
  const c = change("mark", before, marked, [entry.text]);
  assert.deepEqual(texts(undone(marked, c)), texts(before));

  const headed = withCategory(before, { heading: "Treatises", number: 10, authorities: [] });
  const h = change("add heading", before, headed, [], { heading: 10 });
  assert.equal(undoBlocker(headed, h), null);
  assert.deepEqual(texts(undone(headed, h)), texts(before));
  assert.match(undoBlocker(before, h), /the heading is no longer in the table/);
});

test("the history is newest last, and popping it leaves the one it was given", () => {
  const a = { label: "edit" };
  const b = { label: "exclude" };
  const history = pushed(pushed([], a), b);
  assert.deepEqual(history.map((c) => c.label), ["edit", "exclude"]);
  assert.deepEqual(popped(history).map((c) => c.label), ["edit"]);
  assert.equal(history.length, 2);
});

test("a new analysis keeps the badges of the last check for the same entries", () => {
  const checked = report();
  findEntry(checked, ABLE).a.verification = { verdict: "VERIFIED", flags: [] };
  checked.verification = { summary: { VERIFIED: 1 } };
  const fresh = report();
  const kept = withVerification(checked, fresh);
  assert.deepEqual(findEntry(kept, ABLE).a.verification, { verdict: "VERIFIED", flags: [] });
  assert.equal(findEntry(kept, CARR).a.verification, undefined);
  assert.equal(findEntry(fresh, ABLE).a.verification, undefined);
});

test("the excluded entries' setting: texts only, each once, and what was ignored said", () => {
  const long = "x".repeat(MAX_ENTRY_TEXT + 1);
  const read = readExcluded([ABLE, ABLE, 7, "", long, CARR]);
  assert.deepEqual(read.texts, [ABLE, CARR]);
  assert.equal(read.notTexts, 3);
  assert.match(ignoredNote(read), /3 are not entry texts/);
  assert.equal(readExcluded("Able").notList, true);
  assert.equal(ignoredNote(readExcluded([ABLE])), "");
});

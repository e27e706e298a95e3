// The Word adapter (addin/word.js) under node's own test runner: its pure parts, and what it does
// with a minimal fake of Office.js's two namespaces (the browser tests drive the full double,
// tests/server/office_stub.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { DOCX_TYPE, capabilities, isOwnComment, officeNamespaces, wordAdapter } from "../../addin/word.js";

const sets = (have) => (set, version) => have[set] !== undefined && parseFloat(have[set]) >= parseFloat(version);

test("officeNamespaces finds Office.js's namespaces, and says when Office.js did not load or runs outside Word", () => {
  const Office = {};
  const Word = {};
  assert.deepEqual(officeNamespaces({ Office, Word }), { Office, Word });
  assert.deepEqual(officeNamespaces({ Office }), { Office, Word: null });
  assert.equal(officeNamespaces({}), null);
  assert.equal(officeNamespaces(null), null);
});

test("capabilities: Word desktop with every set the pane uses can do everything", () => {
  const can = capabilities({ host: "Word", platform: "PC" }, sets({ WordApi: "1.5", WordApiDesktop: "1.2" }), true);
  assert.deepEqual(can, {
    host: "Word", platform: "PC", web: false, baseOk: true, ready: true,
    fieldsOk: true, commentsOk: true, notesOk: true, pagesOk: true,
  });
});

test("capabilities: Word on the web reads no fields and no pages, whatever sets it reports", () => {
  const can = capabilities({ host: "Word", platform: "OfficeOnline" }, sets({ WordApi: "1.5", WordApiDesktop: "1.2" }), true);
  assert.equal(can.web, true);
  assert.equal(can.ready, true);
  assert.equal(can.fieldsOk, false);
  assert.equal(can.pagesOk, false);
  assert.equal(can.commentsOk, true);
  assert.equal(can.notesOk, true);
});

test("capabilities: WordApi 1.3 is the floor; 1.4 brings comments, 1.5 fields and notes", () => {
  const old = capabilities({ host: "Word", platform: "PC" }, sets({ WordApi: "1.2" }), true);
  assert.equal(old.baseOk, false);
  assert.equal(old.ready, false);
  const base = capabilities({ host: "Word", platform: "Mac" }, sets({ WordApi: "1.3" }), true);
  assert.deepEqual([base.ready, base.commentsOk, base.fieldsOk, base.notesOk, base.pagesOk], [true, false, false, false, false]);
  const four = capabilities({ host: "Word", platform: "Mac" }, sets({ WordApi: "1.4" }), true);
  assert.deepEqual([four.commentsOk, four.fieldsOk], [true, false]);
});

test("capabilities: outside Word (host null), or with no Word namespace, the pane is not ready", () => {
  const outside = capabilities({ host: null, platform: null }, sets({ WordApi: "1.5" }), false);
  assert.equal(outside.baseOk, false);
  assert.equal(outside.ready, false);
  assert.equal(capabilities({ host: "Word", platform: "PC" }, sets({ WordApi: "1.5" }), false).ready, false);
});

test("isOwnComment: the comments the pane and toa check write, and no others", () => {
  assert.ok(isOwnComment("TOA check: not found in CourtListener"));
  assert.ok(isOwnComment("TOA check summary: 3 authorities"));
  assert.ok(!isOwnComment("Please cite the pin page"));
  assert.ok(!isOwnComment(""));
  assert.ok(!isOwnComment(null));
  assert.ok(!isOwnComment(" TOA check: indented"));
});

/* A minimal fake of Office.js: requirement sets, document settings, getFileAsync in slices, and
 * a body with fields, all recorded in `log`. */
function fakeOffice({ have = { WordApi: "1.5", WordApiDesktop: "1.2" }, platform = "PC", bytes = [], sliceSize = 3, codes = [] } = {}) {
  const log = [];
  const stored = {};
  const field = (code) => {
    let current = code;
    const f = {
      get code() { return current; },
      set code(value) { log.push(["setCode", current, value]); current = value; },
      delete() { log.push(["delete", current]); fields.splice(fields.indexOf(f), 1); },
      updateResult() { log.push(["updateResult", current]); },
      result: {
        paragraphs: {
          getLast: () => ({
            getRange: (where) => ({
              insertOoxml(ooxml, location) {
                log.push(["insertOoxml", where, location, ooxml]);
                return {
                  track() { log.push(["track"]); }, untrack() { log.push(["untrack"]); }, delete() { log.push(["deleteRange"]); },
                };
              },
            }),
          }),
        },
      },
    };
    return f;
  };
  const fields = codes.map(field);
  const ctx = {
    document: { body: { get fields() { return { items: fields.slice(), load() {} }; }, footnotes: { items: [], load() {} }, endnotes: { items: [], load() {} } } },
    sync: async () => { log.push(["sync"]); },
  };
  const ok = "succeeded";
  const Office = {
    AsyncResultStatus: { Succeeded: ok },
    FileType: { Compressed: "compressed" },
    EventType: { DocumentSelectionChanged: "documentSelectionChanged" },
    context: {
      requirements: { isSetSupported: sets(have) },
      document: {
        settings: {
          get: (name) => (name in stored ? stored[name] : null),
          set: (name, value) => { stored[name] = value; },
          remove: (name) => { delete stored[name]; },
          saveAsync: (cb) => { log.push(["saveAsync", { ...stored }]); cb({ status: ok }); },
        },
        getFileAsync(type, options, cb) {
          log.push(["getFileAsync", type, options.sliceSize]);
          const file = {
            sliceCount: Math.ceil(bytes.length / sliceSize),
            getSliceAsync: (i, done) => done({ status: ok, value: { data: bytes.slice(i * sliceSize, (i + 1) * sliceSize) } }),
            closeAsync: () => log.push(["closeAsync"]),
          };
          cb({ status: ok, value: file });
        },
      },
    },
    onReady(callback) { callback({ host: "Word", platform }); },
  };
  const Word = { run: async (a, b) => (typeof a === "function" ? a : b)(ctx) };
  return { Office, Word, log, stored, fields };
}

test("ready hands start what onReady says, and start sets `can` in place", () => {
  const { Office, Word } = fakeOffice({ have: { WordApi: "1.4" }, platform: "Mac" });
  const word = wordAdapter(Office, Word);
  const can = word.can;
  let info;
  word.ready((i) => { info = i; });
  assert.deepEqual(info, { host: "Word", platform: "Mac" });
  assert.equal(word.start(info), can);
  assert.deepEqual([can.ready, can.commentsOk, can.fieldsOk], [true, true, false]);
});

test("a requirement-set check that throws counts as the set missing", () => {
  const { Office, Word } = fakeOffice();
  Office.context.requirements.isSetSupported = () => { throw new Error("no"); };
  const word = wordAdapter(Office, Word);
  assert.equal(word.start({ host: "Word", platform: "PC" }).ready, false);
});

test("currentDocument on desktop: getFileAsync's slices joined into one .docx, the file closed", async () => {
  const bytes = [80, 75, 3, 4, 1, 2, 3, 4, 5, 6];
  const { Office, Word, log } = fakeOffice({ bytes, sliceSize: 4 });
  const word = wordAdapter(Office, Word);
  word.start({ host: "Word", platform: "PC" });
  const doc = await word.currentDocument();
  assert.equal(doc.format, "docx");
  assert.equal(doc.type, DOCX_TYPE);
  assert.deepEqual([...new Uint8Array(await doc.body.arrayBuffer())], bytes);
  assert.deepEqual(log.map((e) => e[0]), ["getFileAsync", "closeAsync"]);
});

test("field records: the pane sees codes only; setCode and deleteField reach the field behind each", async () => {
  const { Office, Word, log, fields } = fakeOffice({ codes: [' TA \\l "A v. B" \\s "A" \\c 1 ', " TOA \\c 1 ", ' TA \\s "A" '] });
  const word = wordAdapter(Office, Word);
  word.start({ host: "Word", platform: "PC" });
  await word.run(async (ctx) => {
    const ta = await word.taFields(ctx);
    assert.deepEqual(ta.map((f) => Object.keys(f)), [["code"], ["code"]]);  // nothing of Word's in a record
    word.setCode(ta[1], ' TA \\s "A" \\c 2 ');
    assert.equal(ta[1].code, ' TA \\s "A" \\c 2 ');
    word.deleteField(ta[0]);
    await assert.rejects(word.entryFields(ctx, "A v. B"), /no TA fields/);  // its \l field is gone
    assert.equal(await word.updateTables(ctx), 1);
  });
  assert.deepEqual(fields.map((f) => f.code), [" TOA \\c 1 ", ' TA \\s "A" \\c 2 ']);
  assert.deepEqual(log.filter((e) => e[0] !== "sync"), [
    ["setCode", ' TA \\s "A" ', ' TA \\s "A" \\c 2 '], ["delete", ' TA \\l "A v. B" \\s "A" \\c 1 '], ["updateResult", " TOA \\c 1 "],
  ]);
});

test("entryFields: the \\l field of the entry and the fields sharing its \\s, or the pane's error", async () => {
  const { Office, Word } = fakeOffice({ codes: [' TA \\l "A v. B" \\s "A" \\c 1 ', ' TA \\s "A" ', ' TA \\l "C v. D" \\s "C" \\c 1 '] });
  const word = wordAdapter(Office, Word);
  word.start({ host: "Word", platform: "PC" });
  await word.run(async (ctx) => {
    const { long, fields, all } = await word.entryFields(ctx, "A  v. B");
    assert.equal(all.length, 3);
    assert.equal(long, all[0]);
    assert.deepEqual(fields, [all[0], all[1]]);
    await assert.rejects(word.entryFields(ctx, "E v. F"), /no TA fields/);
  });
});

test("insertAfterField tracks what it put in, and removeInserted takes it out in a batch of its own", async () => {
  const { Office, Word, log } = fakeOffice({ codes: [" TOA \\c 1 "] });
  const word = wordAdapter(Office, Word);
  word.start({ host: "Word", platform: "PC" });
  const inserted = await word.run(async (ctx) => word.insertAfterField(ctx, (await word.bodyFields(ctx))[0], "<pkg/>"));
  assert.deepEqual(log.filter((e) => e[0] !== "sync"), [["insertOoxml", "Whole", "After", "<pkg/>"], ["track"]]);
  log.length = 0;
  assert.equal(await word.removeInserted(inserted), 1);
  assert.deepEqual(log.filter((e) => e[0] !== "sync"), [["deleteRange"], ["untrack"], ["updateResult", " TOA \\c 1 "]]);
});

test("insertTaField gives Word the switches only, whether or not the code names TA", () => {
  const { Office, Word } = fakeOffice();
  const word = wordAdapter(Office, Word);
  const got = [];
  const range = { insertField: (...args) => got.push(args) };
  word.insertTaField(range, ' TA \\l "A v. B" \\s "A" \\c 1 ');
  word.insertTaField(range, '\\l "C" \\s "C" \\c 2');
  assert.deepEqual(got, [["Start", "TA", '\\l "A v. B" \\s "A" \\c 1', false], ["Start", "TA", '\\l "C" \\s "C" \\c 2', false]]);
});

test("settings: read, saved, and removed with null", async () => {
  const { Office, Word, log, stored } = fakeOffice();
  const word = wordAdapter(Office, Word);
  assert.equal(word.setting("toa.style"), null);
  await word.saveSetting("toa.style", "ninth");
  assert.equal(word.setting("toa.style"), "ninth");
  await word.saveSetting("toa.style", null);
  assert.deepEqual(stored, {});
  assert.deepEqual(log.map((e) => e[0]), ["saveAsync", "saveAsync"]);
});

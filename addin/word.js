/* The Word adapter: every Office.js call the pane makes, behind one interface. wordAdapter(Office,
 * Word) takes the two namespaces Office.js defines, from Word itself or from a test double of
 * them (tests/server/office_stub.js); nothing else in the pane names them, nor calls a method of
 * an object they hand out (ESLint's no-restricted-globals and no-restricted-properties hold the
 * other modules to that).
 *
 * The manifest asks for WordApi 1.3 (MIN_WORDAPI: Range.expandTo, ParagraphCollection.getFirst and
 * getLast, Paragraph.getRange); everything from a later set is used only where
 * Office.context.requirements.isSetSupported says the set is there, and the pane says what is
 * missing otherwise (docs/serve.md lists which feature needs which set).
 *
 * What the rest of the pane holds of Word is opaque: `ctx` (a batch: what run() hands its
 * function), a range (what locateAll, selectionText, tableTarget and insertAfterField give:
 * passed back, never looked into) and a field record ({code}: the field's code as the batch read
 * it; setCode and deleteField change the field behind it). Functions taking `ctx` queue their
 * work in that batch; sync(ctx) sends what is queued.
 *
 * The interface (what wordAdapter returns):
 *   can                  what this Word offers, set by start(): {host, platform, web, ready, baseOk, fieldsOk, commentsOk, notesOk, pagesOk}
 *   ready(callback)      calls callback(info) once Office.js is ready; info {host, platform} (host null outside Word)
 *   start(info)          sets `can` from info and the requirement sets; returns `can`
 *   run(batch)           runs batch(ctx) as one Word batch; resolves to what batch resolves to
 *   sync(ctx)            sends the batch's queued work to Word; resolves once done
 *   currentDocument()    the document as the server reads it: {body: Blob|string, type, format "docx"|"flat-opc"}
 *   paragraphsOoxml(from, to, count)  the Flat OPC of body paragraphs from..to-1 (PaneError if the body no longer has count)
 *   bodyTexts()          the text of every body paragraph: string[]
 *   locateAll(ctx, locators)  a range (or null: not found, not reachable) per locator
 *   unreachable(locators, ranges)  how many locators are in notes this Word does not let add-ins reach
 *   select(locator)      selects the citation in the document (PaneError if Word cannot find it)
 *   selectionText(ctx)   {selection: range, text}: the selection and its text (PaneError if nothing is selected)
 *   pagesOf(ctx, ranges) Word's page index of each range, null where none (WordApiDesktop 1.2)
 *   tableTarget(ctx, table)  where /toa's table goes: {range, location, said} (said: the place, in words)
 *   insertOoxml(range, ooxml, location)  queues the OOXML in at the range ("Start", "Replace", "After", ...)
 *   insertTaField(range, code)  queues a TA field with that code (its switches, "TA" optional) at the range's start
 *   comment(range, text) queues a comment on the range
 *   bodyFields(ctx)      a field record per field of the body
 *   taFields(ctx)        a field record per TA field of the body and, where reachable, of the notes
 *   entryFields(ctx, text)  {long, fields, all}: the TA field whose \l is text, those sharing its \s, and every TA field (PaneError if none)
 *   setCode(field, code) queues a new code for the record's field (and the record takes it)
 *   deleteField(field)   queues the record's field out of the document
 *   tableInDocument()    whether the body has a TOA field (false where fields cannot be read)
 *   updateTables(ctx)    has Word lay every TOA field out again; resolves to how many there are
 *   insertAfterField(ctx, field, ooxml)  puts the OOXML in after the field's result paragraph; a range kept for removeInserted
 *   removeInserted(range)  takes out, in a batch of its own, what insertAfterField put in, and updates the tables
 *   removeOwnComments(ctx)  deletes the comments the pane (or toa check) wrote; resolves to how many
 *   commentAtStart(ctx, text)  queues a comment on the first paragraph with text; 1 if placed, else 0
 *   setting(name)        the document setting's value, null if none
 *   saveSetting(name, value)  sets (null or undefined: removes) a document setting; resolves once saved
 *   onSelectionChanged(handler)  calls handler when the selection moves (typing moves it)
 *
 * Besides: officeNamespaces(scope) finds Office.js's namespaces on the page (null when Office.js
 * did not load) and capabilities(info, supported, hasWord) is start()'s pure part. */
import { PaneError } from "./api.js";
import { isTa, isToa, switches } from "./fields.js";
import { normal } from "./state.js";

export const MIN_WORDAPI = "1.3";  // addin/manifest.xml's Requirements
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const COMMENT_PREFIXES = ["TOA check:", "TOA check summary:"];  // the comments the pane (and toa check) write
export const NO_FIELDS = "This entry has no TA fields in the document: Insert table first (or scan again: the document may have changed).";

export function officeNamespaces(scope = globalThis) {
  // Office.js's namespaces as the page has them: null when Office.js did not load; Word null
  // when Office.js runs outside Word (it defines no Word namespace there)
  if (!scope || typeof scope.Office === "undefined") return null;
  return { Office: scope.Office, Word: typeof scope.Word === "undefined" ? null : scope.Word };
}

export function capabilities(info, supported, hasWord) {
  // what a Word offers the pane: from onReady's info ({host, platform}) and supported(set,
  // version), the requirement sets it has; hasWord: whether Office.js defined the Word namespace
  const web = info.platform === "OfficeOnline";  // Office.PlatformType.OfficeOnline
  const baseOk = Boolean(info.host) && supported("WordApi", MIN_WORDAPI);
  return {
    host: info.host, platform: info.platform, web, baseOk,
    ready: baseOk && Boolean(hasWord),
    fieldsOk: !web && supported("WordApi", "1.5"),
    commentsOk: supported("WordApi", "1.4"),
    notesOk: supported("WordApi", "1.5"),
    pagesOk: !web && supported("WordApiDesktop", "1.2"),
  };
}

export function isOwnComment(content) {
  // a comment the pane (or toa check) wrote, which a new Add comments replaces
  return COMMENT_PREFIXES.some((p) => (content || "").startsWith(p));
}

export function wordAdapter(Office, Word) {
  // what this Word offers (set by start(): its platform and requirement sets)
  const can = { web: false, ready: false, fieldsOk: false, commentsOk: false, pagesOk: false, notesOk: false, baseOk: false };
  const fieldOf = new WeakMap();  // a field record -> the Word.Field behind it

  function supported(set, version) {
    try {
      return Boolean(Office.context.requirements && Office.context.requirements.isSetSupported(set, version));
    } catch {
      return false;
    }
  }

  function ready(callback) {
    Office.onReady((info) => callback(info || {}));
  }

  function start(info) {
    return Object.assign(can, capabilities(info, supported, Boolean(Word)));
  }

  function run(batch) {
    return Word.run(batch);
  }

  function sync(ctx) {
    return ctx.sync();
  }

  /* ---- the document as the server reads it ---- */
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

  async function ooxmlOf(target) {
    // the Flat OPC package Word gives for what target(ctx) picks (the body, or a range of it:
    // getOoxml, WordApi 1.1): its text with its runs' italics and its styles, as toa reads a .docx
    return Word.run(async (ctx) => {
      const ooxml = (await target(ctx)).getOoxml();
      await ctx.sync();
      return ooxml.value;
    });
  }

  async function currentDocument() {
    // the .docx from getFileAsync on Word desktop, the body's Flat OPC from Body.getOoxml where
    // getFileAsync is not available, as on Word on the web
    if (!can.web && Office.context.document && Office.context.document.getFileAsync) {
      try {
        return { body: await compressedFile(), type: DOCX_TYPE, format: "docx" };
      } catch {
        /* some hosts refuse the whole file: the body's package still works */
      }
    }
    return { body: await ooxmlOf((ctx) => ctx.document.body), type: "application/xml", format: "flat-opc" };
  }

  async function paragraphsOoxml(from, to, count) {
    // the package of body paragraphs from..to-1, if the body still has `count` paragraphs
    return ooxmlOf(async (ctx) => {
      const paragraphs = ctx.document.body.paragraphs;
      paragraphs.load("items");
      await ctx.sync();
      if (paragraphs.items.length !== count) throw new PaneError("The document changed again; the list follows it after your next edit.");
      return paragraphs.items[from].getRange("Whole").expandTo(paragraphs.items[to - 1].getRange("Whole"));
    });
  }

  async function bodyTexts() {
    return Word.run(async (ctx) => {
      const paragraphs = ctx.document.body.paragraphs;
      paragraphs.load("items/text");
      await ctx.sync();
      return paragraphs.items.map((p) => p.text);
    });
  }

  /* ---- finding citations: a locator is a search string of at most 255 characters and the
   * index of the wanted match (plus, for long or broken citations, a second one to expand to),
   * which Body.search resolves ---- */
  async function locateAll(ctx, locators) {
    const notes = {};
    for (const l of locators) {
      if (l && l.story !== "body" && can.notesOk && !notes[l.story]) {
        notes[l.story] = l.story === "footnote" ? ctx.document.body.footnotes : ctx.document.body.endnotes;
        notes[l.story].load("items");
      }
    }
    if (Object.keys(notes).length) await ctx.sync();
    const searches = locators.map((l) => {
      if (!l) return null;
      let body = ctx.document.body;
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

  function unreachable(locators, ranges) {
    // citations in notes that this Word does not let add-ins reach (WordApi 1.5)
    if (can.notesOk) return 0;
    return locators.filter((l, i) => l && l.story !== "body" && !ranges[i]).length;
  }

  async function select(locator) {
    await Word.run(async (ctx) => {
      const [range] = await locateAll(ctx, [locator]);
      if (!range) throw new PaneError("Word could not find this citation; the document may have changed since the scan.");
      range.select();
      await ctx.sync();
    });
  }

  async function selectionText(ctx) {
    const selection = ctx.document.getSelection();
    selection.load("text");
    await ctx.sync();
    const text = normal(selection.text);
    if (!text) throw new PaneError("Select the citation in the document first.");
    return { selection, text };
  }

  async function pagesOf(ctx, ranges) {
    // Word's page (its index) of each range, null where there is none (WordApiDesktop 1.2)
    const collections = ranges.map((r) => {
      if (!r) return null;
      const pages = r.pages;
      pages.load("items/index");
      return pages;
    });
    await ctx.sync();
    return collections.map((c) => (c && c.items.length ? c.items[0].index : null));
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

  /* ---- inserting at a range ---- */
  function insertOoxml(range, ooxml, location) {
    range.insertOoxml(ooxml, location);
  }

  function insertTaField(range, code) {
    // Range.insertField (WordApi 1.5): its text is the switches only, the type given apart
    range.insertField("Start", "TA", code.replace(/^\s*TA\s*/i, "").trim(), false);
  }

  function comment(range, text) {
    range.insertComment(text);  // WordApi 1.4
  }

  /* ---- fields: the pane holds records {code}, this adapter the Word.Field behind each ---- */
  function records(items) {
    return items.map((f) => {
      const record = { code: f.code };
      fieldOf.set(record, f);
      return record;
    });
  }

  function setCode(field, code) {
    fieldOf.get(field).code = code;  // Field.code written: WordApi 1.5
    field.code = code;
  }

  function deleteField(field) {
    fieldOf.get(field).delete();
  }

  async function bodyFields(ctx) {
    const fields = ctx.document.body.fields;
    fields.load("items/code");
    await ctx.sync();
    return records(fields.items);
  }

  async function tableInDocument() {
    // a TOA field in the body (Body.fields, WordApi 1.4): the table Insert table (or Word) built
    if (!can.fieldsOk) return false;
    return Word.run(async (ctx) => (await bodyFields(ctx)).some((f) => isToa(f.code)));
  }

  async function taFields(ctx) {
    // every TA field of the body and, where this Word reaches them, of the notes
    const collections = [ctx.document.body.fields];
    if (can.notesOk) {
      for (const notes of [ctx.document.body.footnotes, ctx.document.body.endnotes]) notes.load("items");
      await ctx.sync();
      for (const notes of [ctx.document.body.footnotes, ctx.document.body.endnotes]) {
        for (const n of notes.items) collections.push(n.body.fields);
      }
    }
    for (const c of collections) c.load("items/code");
    await ctx.sync();
    return records(collections.flatMap((c) => c.items).filter((f) => isTa(f.code)));
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
    // Word lays every TOA field out again (its own page numbers); the number of them
    const toa = (await bodyFields(ctx)).filter((f) => isToa(f.code));
    toa.forEach((f) => fieldOf.get(f).updateResult());
    await ctx.sync();
    return toa.length;
  }

  async function insertAfterField(ctx, field, ooxml) {
    // after the last paragraph of the field's result (Field.result, WordApi 1.4), tracked so that
    // a later batch (removeInserted) can take it out again
    const inserted = fieldOf.get(field).result.paragraphs.getLast().getRange("Whole").insertOoxml(ooxml, "After");
    inserted.track();
    await ctx.sync();
    return inserted;
  }

  async function removeInserted(inserted) {
    // Word.run(object, batch): a batch on an object an earlier batch tracked
    return Word.run(inserted, async (ctx) => {
      inserted.delete();
      inserted.untrack();
      await ctx.sync();
      return updateTables(ctx);
    });
  }

  /* ---- comments ---- */
  async function removeOwnComments(ctx) {
    const comments = ctx.document.body.getComments();
    comments.load("items/content");
    await ctx.sync();
    let removed = 0;
    for (const c of comments.items) {
      if (isOwnComment(c.content)) { c.delete(); removed += 1; }
    }
    return removed;
  }

  async function commentAtStart(ctx, text) {
    // `text` as a comment on the first paragraph with text; 1 if placed, else 0
    let p = ctx.document.body.paragraphs.getFirst();
    p.load("text");
    await ctx.sync();
    for (let i = 0; i < 50 && !p.isNullObject && !p.text.trim(); i++) {
      p = p.getNextOrNullObject();
      p.load("text");
      await ctx.sync();
    }
    if (p.isNullObject) return 0;
    p.getRange("Whole").insertComment(text);
    return 1;
  }

  /* ---- the document's settings (they travel with the brief) ---- */
  function setting(name) {
    try {
      return Office.context.document.settings ? Office.context.document.settings.get(name) : null;
    } catch {
      return null;
    }
  }

  function saveSetting(name, value) {
    // value null or undefined removes the setting; resolves once saved
    const settings = Office.context.document.settings;
    if (!settings) return Promise.resolve();
    if (value === null || value === undefined) settings.remove(name); else settings.set(name, value);
    return new Promise((resolve) => settings.saveAsync(() => resolve()));
  }

  function onSelectionChanged(handler) {
    // Office's DocumentSelectionChanged: typing moves the selection
    if (Office.context.document && Office.context.document.addHandlerAsync) {
      Office.context.document.addHandlerAsync(Office.EventType.DocumentSelectionChanged, handler);
    }
  }

  return {
    can, ready, start, run, sync, currentDocument, paragraphsOoxml, bodyTexts, locateAll, unreachable, select, selectionText,
    pagesOf, tableTarget, insertOoxml, insertTaField, comment, bodyFields, taFields, entryFields, setCode, deleteField,
    tableInDocument, updateTables, insertAfterField, removeInserted, removeOwnComments, commentAtStart,
    setting, saveSetting, onSelectionChanged,
  };
}

/* The Word adapter: every Office.js call the pane makes, behind one interface. wordAdapter(Office,
 * Word) takes the two namespaces Office.js defines, from Word itself or from a test double of
 * them (tests/server/office_stub.js); nothing else in the pane names them.
 *
 * The manifest asks for WordApi 1.3 (MIN_WORDAPI: Range.expandTo, ParagraphCollection.getFirst and
 * getLast, Paragraph.getRange); everything from a later set is used only where
 * Office.context.requirements.isSetSupported says the set is there, and the pane says what is
 * missing otherwise (docs/serve.md lists which feature needs which set). Functions taking `ctx`
 * run inside the caller's Word.run batch (adapter.run). */
import { PaneError } from "./api.js";
import { isTa, isToa, switches } from "./fields.js";
import { normal } from "./state.js";

export const MIN_WORDAPI = "1.3";  // addin/manifest.xml's Requirements
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const COMMENT_PREFIXES = ["TOA check:", "TOA check summary:"];  // the comments the pane (and toa check) write
export const NO_FIELDS = "This entry has no TA fields in the document: Insert table first (or scan again: the document may have changed).";

export function wordAdapter(Office, Word) {
  // what this Word offers (set by start(): its platform and requirement sets)
  const can = { web: false, fieldsOk: false, commentsOk: false, pagesOk: false, notesOk: false, baseOk: false };

  function supported(set, version) {
    try {
      return Boolean(Office.context.requirements && Office.context.requirements.isSetSupported(set, version));
    } catch {
      return false;
    }
  }

  function start(info) {
    can.host = info.host;
    can.platform = info.platform;
    can.web = info.platform === "OfficeOnline";  // Office.PlatformType.OfficeOnline
    can.baseOk = Boolean(info.host) && supported("WordApi", MIN_WORDAPI);
    can.ready = can.baseOk && Boolean(Word);
    can.fieldsOk = !can.web && supported("WordApi", "1.5");
    can.commentsOk = supported("WordApi", "1.4");
    can.notesOk = supported("WordApi", "1.5");
    can.pagesOk = !can.web && supported("WordApiDesktop", "1.2");
    return can;
  }

  function run(batch) {
    return Word.run(batch);
  }

  function runTracked(tracked, batch) {
    // a batch on an object an earlier batch tracked (Word.run(object, batch))
    return Word.run(tracked, batch);
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

  /* ---- fields ---- */
  async function bodyFields(ctx) {
    const fields = ctx.document.body.fields;
    fields.load("items/code");
    await ctx.sync();
    return fields.items;
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
    return collections.flatMap((c) => c.items).filter((f) => isTa(f.code));
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
    toa.forEach((f) => f.updateResult());
    await ctx.sync();
    return toa.length;
  }

  /* ---- comments ---- */
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
    can, start, run, runTracked, currentDocument, tableTarget, paragraphsOoxml, bodyTexts, locateAll, unreachable, select, selectionText,
    pagesOf, bodyFields, tableInDocument, taFields, entryFields, updateTables, removeOwnComments, commentAtStart,
    setting, saveSetting, onSelectionChanged,
  };
}

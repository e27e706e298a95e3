/* A stub of Office.js and the Word API for the browser test. It holds one brief (window.__WORD:
 * its .docx as base64 for getFileAsync, its Flat OPC for getOoxml, the text of its body
 * paragraphs and footnotes for search, the italic spans of its body paragraphs) and records every call in window.__calls. Values are
 * available at once; load() and sync() only keep the calling code's shape.
 *
 * Like Word, it has only the requirement sets it is given (__WORD.sets): a member of a later set
 * throws, as the API answers ApiNotFound (WordApi 1.3: expandTo, getFirst/getLast, getRange; 1.4:
 * comments, Body.fields; 1.5: insertField, Field.delete and updateResult, notes). __WORD.host null
 * is Office.js outside Word: onReady says host null, and there is no Word namespace. */
(function () {
  const data = window.__WORD;
  const calls = (window.__calls = []);
  const comments = [];
  const fields = [];
  const Succeeded = "succeeded";

  function setSupported(name, version) {
    const v = data.sets[name];
    return v !== undefined && parseFloat(v) >= parseFloat(version || "1.1");
  }

  function need(set, version, what) {
    if (!setSupported(set, version)) throw new Error(`ApiNotFound: ${what} needs ${set} ${version}`);
  }

  function paras(story) {
    return story === "body" ? data.body : data.footnotes[story[1]];
  }

  function collection(items) {
    return { items, load() { return this; } };
  }

  function searchIn(list, needle) {
    const n = needle.replace(/\^\^/g, "^").toLowerCase();
    const hits = [];
    list.forEach((text, p) => {
      const low = text.toLowerCase();
      let pos = 0;
      while (n && (pos = low.indexOf(n, pos)) !== -1) {
        hits.push([p, pos, pos + n.length]);
        pos += n.length;
      }
    });
    return hits;
  }

  /* A field of the document: its code (read WordApi 1.4, written 1.5, as Word's Field.code),
   * the story it is in, and the text it was put at. Deleting it takes it out of the document. */
  let inserted = 0;
  function addField(story, code, at, result, pos) {
    let current = code;
    const f = {
      story: JSON.stringify(story), at, pos, seq: inserted++,
      get result() { need("WordApi", "1.5", "Field.result"); return result; },
      get code() { need("WordApi", "1.4", "Field.code"); return current; },
      set code(value) { need("WordApi", "1.5", "Field.code (set)"); calls.push({ op: "setFieldCode", from: current, to: value }); current = value; },
      delete() {
        need("WordApi", "1.5", "Field.delete");
        calls.push({ op: "deleteField", code: current });
        fields.splice(fields.indexOf(f), 1);
      },
      updateResult() { need("WordApi", "1.5", "Field.updateResult"); calls.push({ op: "updateResult", code: current }); },
    };
    fields.push(f);
    return f;
  }
  // the fields the document was opened with (__WORD.fields: [{code, story, at}], as __fields gives them)
  /* Fields are in document order, as Word lists them: by where they were put in ([paragraph,
   * offset]), the one put there first first. */
  function inOrder(list) {
    return list.slice().sort((x, y) => x.pos[0] - y.pos[0] || x.pos[1] - y.pos[1] || x.seq - y.seq);
  }
  for (const f of data.fields || []) addField(JSON.parse(f.story), f.code, f.at, undefined, f.pos);
  window.__fields = () => inOrder(fields).map((f) => ({ code: f.code, story: f.story, at: f.at, pos: f.pos }));

  /* OOXML put in at `range` (whose text is `at`): its TA and TOA fields become fields of the document,
   * with that range as their result. The answer is the inserted content as a Range, whose
   * delete() takes it out with its fields (the text model itself does not change). */
  function insertedOoxml(at, location, ooxml, range) {
    if (!["Replace", "Start", "End", "Before", "After"].includes(location)) throw new Error(`InvalidArgument: ${location}`);
    calls.push({ op: "insertOoxml", at, location, ooxml });
    // each field's code: its instrText pieces, begin to end, joined (as Field.code gives them)
    const codes = [];
    for (const m of ooxml.matchAll(/fldCharType="begin"(.*?)fldCharType="end"/gs)) {
      const code = [...m[1].matchAll(/<w:instrText[^>]*>([^<]*)<\/w:instrText>/g)].map((x) => x[1]).join("")
        .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
      if (/^\s*(TA|TOA)\s/.test(code)) codes.push(code.replace(/^\s+/, ""));
    }
    const pos = location === "End" || location === "After" ? [range.p2, range.b] : [range.p1, range.a];
    const added = codes.map((code) => addField(range.story || "body", code, at, range, pos));
    return {
      load() { return this; }, track() { return this; }, untrack() { return this; },
      delete() {
        calls.push({ op: "deleteRange", ooxml });
        for (const f of added) if (fields.includes(f)) fields.splice(fields.indexOf(f), 1);
      },
    };
  }

  /* Range.getOoxml: a Flat OPC package of the range's paragraphs, as Word writes it: the text in
   * runs, italic where __WORD.italic ([start, end] spans per body paragraph) says, a tab and a line
   * break as the elements they are; with the brief's styles part. */
  const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  const escaped = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  function runsOf(text, offset, spans) {
    const cuts = new Set([0, text.length]);
    for (const [s, e] of spans) for (const x of [s - offset, e - offset]) if (x > 0 && x < text.length) cuts.add(x);
    const at = [...cuts].sort((x, y) => x - y);
    let out = "";
    for (let i = 0; i + 1 < at.length; i++) {
      const italic = spans.some(([s, e]) => s <= offset + at[i] && offset + at[i] < e);
      for (const piece of text.slice(at[i], at[i + 1]).split(/([\t\v])/)) {
        if (!piece) continue;
        const inner = piece === "\t" ? "<w:tab/>" : piece === "\v" ? "<w:br/>" : `<w:t xml:space="preserve">${escaped(piece)}</w:t>`;
        out += `<w:r>${italic ? "<w:rPr><w:i/></w:rPr>" : ""}${inner}</w:r>`;
      }
    }
    return out;
  }
  function rangePackage(range) {
    const list = paras(range.story);
    let body = "";
    for (let p = range.p1; p <= range.p2; p++) {
      const a = p === range.p1 ? range.a : 0;
      const b = p === range.p2 ? range.b : list[p].length;
      const spans = range.story === "body" ? data.italic[p] || [] : [];
      body += `<w:p>${runsOf(list[p].slice(a, b), a, spans)}</w:p>`;
    }
    const part = (name, type, xml) => `<pkg:part pkg:name="${name}" pkg:contentType="${type}"><pkg:xmlData>${xml}</pkg:xmlData></pkg:part>`;
    const rels = (target, type) => `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`;
    const relsType = "application/vnd.openxmlformats-package.relationships+xml";
    const styles = (data.ooxml || "").match(/<pkg:part pkg:name="\/word\/styles\.xml"[\s\S]*?<\/pkg:part>/);
    return '<?xml version="1.0" standalone="yes"?>\n<?mso-application progid="Word.Document"?>\n' +
      '<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage">' +
      part("/_rels/.rels", relsType, rels("word/document.xml", "officeDocument")) +
      part("/word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        `<w:document xmlns:w="${W_NS}"><w:body>${body}</w:body></w:document>`) +
      (styles ? part("/word/_rels/document.xml.rels", relsType, rels("styles.xml", "styles")) + styles[0] : "") +
      "</pkg:package>";
  }

  class Range {
    constructor(story, p1, a, p2, b) { Object.assign(this, { story, p1, a, p2, b }); }
    get text() {
      const list = paras(this.story);
      if (this.p1 === this.p2) return list[this.p1].slice(this.a, this.b);
      const parts = [list[this.p1].slice(this.a)];
      for (let p = this.p1 + 1; p < this.p2; p++) parts.push(list[p]);
      parts.push(list[this.p2].slice(0, this.b));
      return parts.join("\r");
    }
    load() { return this; }
    select() { calls.push({ op: "select", story: this.story, text: this.text }); }
    insertComment(content) {
      need("WordApi", "1.4", "Range.insertComment");
      const c = { content, at: this.text, delete() { c.deleted = true; calls.push({ op: "deleteComment", content }); } };
      comments.push(c);
      calls.push({ op: "insertComment", text: this.text, content });
      return c;
    }
    insertField(location, type, text, removeFormatting) {
      need("WordApi", "1.5", "Range.insertField");
      calls.push({ op: "insertField", at: this.text, location, type, text, removeFormatting });
      return addField(this.story, `${type} ${text}`, this.text, undefined, location === "End" || location === "After" ? [this.p2, this.b] : [this.p1, this.a]);
    }
    insertOoxml(ooxml, location) {
      return insertedOoxml(this.text, location, ooxml, this);
    }
    expandTo(other) { need("WordApi", "1.3", "Range.expandTo"); return new Range(this.story, this.p1, this.a, other.p2, other.b); }
    getRange(location) {
      need("WordApi", "1.3", "Range.getRange");
      if (location === "Start") return new Range(this.story, this.p1, this.a, this.p1, this.a);
      if (location === "End") return new Range(this.story, this.p2, this.b, this.p2, this.b);
      return this;
    }
    get paragraphs() {
      const r = this;
      const whole = (p) => new Range(r.story, p, 0, p, paras(r.story)[p].length);
      return {
        getFirst() { need("WordApi", "1.3", "ParagraphCollection.getFirst"); return whole(r.p1); },
        getLast() { need("WordApi", "1.3", "ParagraphCollection.getLast"); return whole(r.p2); },
      };
    }
    getOoxml() {
      calls.push({ op: "getOoxml", text: this.text });
      return { value: rangePackage(this) };
    }
    get pages() {
      if (!setSupported("WordApiDesktop", "1.2")) throw new Error("Range.pages is not available");
      // the stub's "layout": ten body paragraphs a page
      return collection([{ index: 1 + Math.floor((this.story === "body" ? this.p1 : 0) / 10) }]);
    }
  }

  // A paragraph of a story, as Body.paragraphs gives it (getFirst, getNextOrNullObject: WordApi 1.3).
  class Paragraph {
    constructor(story, p) { Object.assign(this, { story, p, isNullObject: false }); }
    get text() { return paras(this.story)[this.p]; }
    load() { return this; }
    getRange(location) {
      need("WordApi", "1.3", "Paragraph.getRange");
      return new Range(this.story, this.p, 0, this.p, location === "Start" ? 0 : this.text.length);
    }
    getNextOrNullObject() {
      need("WordApi", "1.3", "Paragraph.getNextOrNullObject");
      return this.p + 1 < paras(this.story).length ? new Paragraph(this.story, this.p + 1)
        : { isNullObject: true, load() { return this; } };
    }
  }

  class Body {
    constructor(story) { this.story = story; }
    get paragraphs() {
      const story = this.story;
      return {
        get items() { return paras(story).map((_t, p) => new Paragraph(story, p)); },
        load() { calls.push({ op: "loadParagraphs", story }); return this; },
        getFirst() { need("WordApi", "1.3", "ParagraphCollection.getFirst"); return new Paragraph(story, 0); },
      };
    }
    search(text, options) {
      calls.push({ op: "search", story: this.story, text, options });
      return collection(searchIn(paras(this.story), text).map(([p, a, b]) => new Range(this.story, p, a, p, b)));
    }
    insertOoxml(ooxml, location) {
      // Body.insertOoxml takes only Replace, Start and End (WordApi 1.1)
      if (!["Replace", "Start", "End"].includes(location)) throw new Error(`InvalidArgument: Body.insertOoxml ${location}`);
      const last = paras(this.story).length - 1;
      const end = location === "End" ? [last, paras(this.story)[last].length] : [0, 0];
      return insertedOoxml(`<${this.story} ${location}>`, location, ooxml, new Range(this.story, end[0], end[1], end[0], end[1]));
    }
    getOoxml() {
      calls.push({ op: "getOoxml" });
      if (!data.ooxml) throw new Error("no OOXML in this stub");
      return { value: data.ooxml };
    }
    getComments() { need("WordApi", "1.4", "Body.getComments"); return collection(comments.filter((c) => !c.deleted)); }
    get fields() {
      need("WordApi", "1.4", "Body.fields");
      const story = JSON.stringify(this.story);
      return collection(inOrder(fields.filter((f) => f.story === story)));
    }
    get footnotes() {
      need("WordApi", "1.5", "Body.footnotes");
      return collection(data.footnotes.map((_p, i) => ({ body: new Body(["footnote", i]) })));
    }
    get endnotes() { need("WordApi", "1.5", "Body.endnotes"); return collection([]); }
  }

  const body = new Body("body");
  const context = {
    // the selection: __WORD.selection [paragraph, start, end] of the body when the test set one, else the cursor
    document: { body, getSelection: () => (data.selection ? new Range("body", data.selection[0], data.selection[1], data.selection[0], data.selection[2])
      : new Range("body", data.cursor, 0, data.cursor, 0)) },
    sync: () => Promise.resolve(),
  };

  function bytes(b64) {
    const s = atob(b64);
    const out = new Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  // Office document settings: kept with the document (here: for the page's life), saved by saveAsync
  const settings = Object.assign({}, data.settings || {});  // name -> JSON, as the document holds them
  const document_ = {
    settings: {
      get: (name) => (name in settings ? JSON.parse(settings[name]) : null),
      set: (name, value) => { settings[name] = JSON.stringify(value); },
      remove: (name) => { delete settings[name]; },
      saveAsync: (cb) => { calls.push({ op: "saveSettings", settings: { ...settings } }); if (cb) cb({ status: Succeeded }); },
    },
  };
  if (data.docx) {
    document_.getFileAsync = function (type, options, callback) {
      calls.push({ op: "getFileAsync", type, sliceSize: options.sliceSize });
      const all = bytes(data.docx);
      const size = Math.min(options.sliceSize, data.sliceSize || options.sliceSize);
      const file = {
        size: all.length,
        sliceCount: Math.ceil(all.length / size),
        getSliceAsync(i, cb) { cb({ status: Succeeded, value: { index: i, data: all.slice(i * size, (i + 1) * size) } }); },
        closeAsync(cb) { calls.push({ op: "closeAsync" }); if (cb) cb({ status: Succeeded }); },
      };
      callback({ status: Succeeded, value: file });
    };
  }

  // The author's edits: __edit(first, count, [texts], [italic spans per text]) replaces `count`
  // body paragraphs from `first` by `texts` (typing, a paragraph added or deleted), then Word
  // tells the handlers of DocumentSelectionChanged, as it does when typing moves the cursor.
  const handlers = [];
  document_.addHandlerAsync = (type, handler, cb) => {
    handlers.push([type, handler]);
    if (cb) cb({ status: Succeeded });
  };
  window.__edit = (first, count, texts, italic) => {
    data.body.splice(first, count, ...texts);
    data.italic.splice(first, count, ...texts.map((_t, i) => (italic && italic[i]) || []));
    for (const [type, handler] of handlers) if (type === "documentSelectionChanged") handler({ type });
  };

  const host = data.host === undefined ? "Word" : data.host;
  window.Office = {
    AsyncResultStatus: { Succeeded, Failed: "failed" },
    FileType: { Compressed: "compressed" },
    EventType: { DocumentSelectionChanged: "documentSelectionChanged" },
    context: { platform: data.platform, requirements: { isSetSupported: setSupported }, document: document_ },
    onReady(callback) {
      const info = { host, platform: host ? data.platform : null };
      return new Promise((resolve) => setTimeout(() => { if (callback) callback(info); resolve(info); }, 0));
    },
  };
  // Word.run(batch), or Word.run(trackedObject, batch) for an object of an earlier batch
  if (host) window.Word = { run: (a, b) => Promise.resolve().then(() => (typeof a === "function" ? a : b)(context)) };
})();

/* Word's field codes and the OOXML the pane puts in: pure text, no DOM, no Office.
 * A TA field's \l is the entry's text, \s its short form, \c its heading's number. */

export const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const SWITCH = /\\([lsc])\s*("(?:[^"\\]|\\.)*"|\S+)/g;
export const LONG_SWITCH = /\\l\s*"(?:[^"\\]|\\.)*"\s*/;

export function fieldQuote(text) {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

export function switches(code) {
  const out = {};
  for (const m of (code || "").matchAll(SWITCH)) {
    if (out[m[1]] !== undefined) continue;
    out[m[1]] = m[2].startsWith('"') ? m[2].slice(1, -1).replace(/\\(.)/g, "$1") : m[2];
  }
  return out;
}

export function withSwitch(code, name, value) {
  // `code` with its switch `name` set to `value` (the first one replaced, else added)
  const v = name === "c" ? String(value) : fieldQuote(value);
  let replaced = false;
  const out = code.replace(SWITCH, (whole, n) => {
    if (n !== name || replaced) return whole;
    replaced = true;
    return `\\${name} ${v}`;
  });
  return replaced ? out : `${code.trimEnd()} \\${name} ${v} `;
}

export function isTa(code) {
  return /^\s*TA\b/i.test(code || "");
}

export function isToa(code) {
  return /^\s*TOA\b/i.test(code || "");
}

export function xmlText(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");  // element content only
}

export function bodyPackage(paragraphs) {
  // a Flat OPC package holding `paragraphs` (w:p XML), for insertOoxml
  return '<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage">' +
    '<pkg:part pkg:name="/_rels/.rels" pkg:contentType="application/vnd.openxmlformats-package.relationships+xml"><pkg:xmlData>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    "</Relationships></pkg:xmlData></pkg:part>" +
    '<pkg:part pkg:name="/word/document.xml" pkg:contentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml">' +
    `<pkg:xmlData><w:document xmlns:w="${W_NS}"><w:body>${paragraphs.join("")}</w:body></w:document></pkg:xmlData></pkg:part></pkg:package>`;
}

/* Word takes a TOA entry's italics from the runs of its TA field's \l text (Field.code writes
 * plain text): an edited entry whose text still holds the case name is put in again as OOXML,
 * the case name in italic runs as toa build writes it (toa/write/fields.py). */
export function keptEmphasis(a, newText) {
  // the entry's italic spans (the case name) found again in the edited text
  const out = [];
  for (const [start, end] of a.emphasis || []) {
    const at = newText.indexOf(a.text.slice(start, end));
    if (at !== -1) out.push([at, at + end - start]);
  }
  return out.sort((x, y) => x[0] - y[0]);
}

export function taParagraph(code, text, emphasis) {
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

export function headingParagraphs(name, code) {
  // a heading line and the TOA field `code` under it (Add a heading)
  const run = (inner) => `<w:r>${inner}</w:r>`;
  return [
    `<w:p><w:pPr><w:keepNext/></w:pPr>${run(`<w:t xml:space="preserve">${xmlText(name)}</w:t>`)}</w:p>`,
    `<w:p>${run('<w:fldChar w:fldCharType="begin"/>')}${run(`<w:instrText xml:space="preserve">${xmlText(code)}</w:instrText>`)}` +
      `${run('<w:fldChar w:fldCharType="separate"/>')}${run('<w:fldChar w:fldCharType="end"/>')}</w:p>`,
  ];
}

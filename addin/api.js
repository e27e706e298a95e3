/* The client of the local toa server (same origin, /api/v1): every request the pane makes.
 * `query()` gives the request's options (the document's settings: style, pages, passim,
 * footnotes, excluded entries) as a URLSearchParams. */

const API = "/api/v1";
export const NOT_RUNNING = "The toa server is not running on this computer.";

export class PaneError extends Error {
  constructor(message, code) { super(message); this.code = code; }
}

function withQuery(path, query, extra) {
  const q = query();
  for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
  const s = q.toString();
  return `${API}${path}${s ? `?${s}` : ""}`;
}

async function failure(response) {
  let data;
  try { data = await response.json(); } catch { data = null; }
  return new PaneError(data && data.message ? data.message : `The server answered ${response.status}.`, data && data.error);
}

export function serverClient(query) {
  async function post(path, doc, signal) {
    // `signal` (optional) aborts the request: the server stops the work when its client has gone
    const cancelled = () => new PaneError("Cancelled; nothing changed.", "cancelled");
    let response;
    try {
      response = await fetch(withQuery(path, query), { method: "POST", headers: { "Content-Type": doc.type }, body: doc.body, signal });
    } catch {
      throw signal && signal.aborted ? cancelled() : new PaneError(NOT_RUNNING, "offline");
    }
    if (!response.ok) throw await failure(response);
    try {
      return await response.json();
    } catch (e) {
      if (signal && signal.aborted) throw cancelled();
      throw e;
    }
  }

  async function health() {
    // the server's /health, or null when it does not answer
    try {
      const response = await fetch(`${API}/health`);
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }

  /* /check?progress=1 answers a line per step ({"progress": {"stage", "done", "total"}}), then
   * {"answer": report} or {"error", "message"}; aborting `signal` ends the request, and the
   * server stops the work when its client has gone. */
  async function check(doc, signal, onProgress) {
    const cancelled = () => new PaneError("Check cancelled; nothing changed.", "cancelled");
    let response;
    try {
      response = await fetch(withQuery("/check", query, { progress: "1" }),
                             { method: "POST", headers: { "Content-Type": doc.type }, body: doc.body, signal });
    } catch {
      if (signal.aborted) throw cancelled();
      throw new PaneError(NOT_RUNNING, "offline");
    }
    if (!response.ok) throw await failure(response);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (signal.aborted) throw cancelled();
        throw e;
      }
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let nl;
      while ((nl = buffer.indexOf("\n")) !== -1) {
        const event = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (event.progress) onProgress(event.progress);
        else if (event.answer) return event.answer;
        else if (event.error) throw new PaneError(event.message, event.error);
      }
    }
    throw new PaneError("The server ended the check without an answer; try again.");
  }

  return { post, health, check };
}

// The static explorer's Web Worker: one instance of the engine (explorer_api compiled to WebAssembly,
// tartan_engine.js and tartan_engine.wasm; explorer_wasm.cpp), answering the page's requests one at a time, off the
// page's thread, so a long question (a big table, a long sequence, a verification) never holds the page up.
//
// From the page (transport.js): {id, endpoint, body, cancel}, body the request's JSON text, cancel (verifications
// only) a blob: URL that the page revokes to cancel. To the page: {id, job} at each progress point of a verification
// (job: its status JSON, as /api/verify/status answers it), then {id, status, type, text}, the reply, as the server
// would send it; or {id, died}, when the engine could not load or stopped, after which this worker is closed.
'use strict';

importScripts('tartan_engine.js');

/** How often a running verification looks whether the page has cancelled it, in milliseconds. */
const CANCEL_CHECK_MS = 200;

let request = null;  // {id, cancel} of the request being answered

/**
 * Whether the page has revoked the blob: URL `url`, its sign that the verification is cancelled. Without
 * SharedArrayBuffer (which needs cross-origin isolation, a header a plain static host does not send) a worker busy
 * computing receives no message, but a synchronous request, allowed in workers, is answered at once: a revoked
 * blob: URL fails to load.
 */
function revoked(url) {
  try {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url, false);
    xhr.send();
    return xhr.status !== 200;
  } catch (e) {
    return true;
  }
}

let lastCheck = 0;
let cancelled = false;

const ready = createTartanEngine({
  // Called by the engine at each progress point of a verification (explorer_wasm.cpp): false cancels it.
  onJob(job) {
    postMessage({id: request.id, job});
    if (!cancelled && request.cancel && performance.now() - lastCheck >= CANCEL_CHECK_MS) {
      lastCheck = performance.now();
      cancelled = revoked(request.cancel);
    }
    return !cancelled;
  },
});

/** `text` in the engine's memory as UTF-8 with a final 0: [address, byte length]; free the address after. */
function copyIn(engine, text) {
  const size = engine.lengthBytesUTF8(text);
  const address = engine._malloc(size + 1);
  engine.stringToUTF8(text, address, size + 1);
  return [address, size];
}

onmessage = async (event) => {
  const {id, endpoint, body, cancel} = event.data;
  let engine;
  try {
    engine = await ready;
  } catch (error) {
    postMessage({id, died: 'the engine could not load (' + error + ')'});
    close();
    return;
  }
  request = {id, cancel};
  cancelled = false;
  lastCheck = performance.now();
  const [name, nameSize] = copyIn(engine, endpoint);
  const [text, size] = copyIn(engine, body);
  try {
    engine._tartan_handle(name, text, size);
    postMessage({
      id,
      status: engine._tartan_reply_status(),
      type: engine.UTF8ToString(engine._tartan_reply_content_type()),
      text: engine.UTF8ToString(engine._tartan_reply_body(), engine._tartan_reply_size()),
    });
  } catch (error) {
    // The engine aborted (a trap, memory beyond what WebAssembly can hold): this instance cannot go on.
    postMessage({id, died: 'the engine stopped (' + error + ')'});
    close();
    return;
  } finally {
    request = null;
  }
  engine._free(name);
  engine._free(text);
};

// How the page sends its requests to the engine: POST /api/<endpoint> to the server of `tartan explore`, which
// answers with explorer_api (docs/explorer.md). The static explorer (scripts/build-web) serves its own transport.js
// in place of this one, which gives the same requests to the same API compiled to WebAssembly in Web Workers; the
// page (app.js) calls sendRequest alike and cannot tell the two apart.
'use strict';

/** Sends `body` (JSON text) to /api/`endpoint`; resolves to the reply: {status, type (its content type), text}. */
async function sendRequest(endpoint, body) {
  const response = await fetch('/api/' + endpoint, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body,
  });
  return {status: response.status, type: response.headers.get('Content-Type') || '', text: await response.text()};
}

// How the page sends its requests to the engine (docs/explorer.md). The page (app.js) calls sendRequest alone; which
// engine answers is chosen once, when the page loads, and never again:
//   - served by `tartan explore`: POST /api/<endpoint> to its server, which answers with explorer_api;
//   - the static explorer (scripts/build-web), where the engine compiled to WebAssembly (tartan_engine.wasm) lies
//     beside the page: the same requests to the same explorer_api in the page's Web Workers (engine_worker.js),
//     whose replies are the server's: the same status, content type and bytes.
// The choice: the static explorer's index.html carries <meta name="tartan-engine" content="webassembly">
// (explorer/wasm/site_page.cmake), which the page tartan explore serves has not; no request is made to find out.
'use strict';

/**
 * Sends `body` (JSON text) to /api/`endpoint`; resolves to the reply: {status, type (its content type), text}. The
 * one name this file gives the page: the rest is inside, apart from app.js's names.
 */
const sendRequest = (() => {
  /** Sends `body` (JSON text) to the server's /api/`endpoint`; resolves to {status, type (content type), text}. */
  async function serverRequest(endpoint, body) {
    const response = await fetch('/api/' + endpoint, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body,
    });
    return {status: response.status, type: response.headers.get('Content-Type') || '', text: await response.text()};
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The engine in Web Workers. Up to POOL_SIZE workers answer the requests side by side (a long table in one leaves
  // the other to the position), each an instance of the engine; a request goes to the least busy one, a new one is
  // started while all are busy. Verifications run in a worker of their own, whose explorer_api keeps the jobs (their
  // ids, states and reports), as the server's does. A WebAssembly page on a plain static host has no threads (no
  // SharedArrayBuffer without cross-origin isolation headers), so a verification runs inline in that worker
  // (explorer/wasm/explorer_wasm.cpp) and the worker cannot answer while it computes: /api/verify is answered at the
  // job's first progress point with the status the job shows then (as the server answers once the job has passed its
  // checks), /api/verify/status with the job's latest status, and /api/verify/cancel by revoking the job's blob: URL,
  // which the worker looks at every CANCEL_CHECK_MS (engine_worker.js) and stops at, keeping the report of the cells
  // checked, as on the server; once the job has ended, the worker answers every request about it itself.

  const engine = {
    POOL_SIZE: 2,
    pool: [],            // the workers for every request but verifications
    jobWorker: null,     // the worker whose explorer_api runs and keeps the verifications
    running: new Map(),  // job id → {status (its latest status JSON), cancel (its blob: URL), ended (a promise)}
    nextRequest: 1,
  };

  /** A reply as the server writes a refusal: {"error": message}. */
  function engineError(status, message) {
    return {status, type: 'application/json', text: JSON.stringify({error: message}) + '\n'};
  }

  /** A new worker: {worker, waiting (request id → its callbacks), load (requests not answered)}. */
  function startWorker() {
    const w = {worker: new Worker('engine_worker.js'), waiting: new Map(), load: 0};
    w.worker.onmessage = (event) => {
      const data = event.data;
      const entry = w.waiting.get(data.id);
      if (!entry) return;
      if (data.job !== undefined) {
        entry.onJob(data.job);
      } else if (data.died !== undefined) {
        stopWorker(w, data.died);
      } else {
        w.waiting.delete(data.id);
        --w.load;
        entry.resolve({status: data.status, type: data.type, text: data.text});
      }
    };
    w.worker.onerror = (event) => {
      event.preventDefault();
      stopWorker(w, 'the engine could not start (' + (event.message || 'engine_worker.js did not load') + ')');
    };
    return w;
  }

  /** Ends a worker whose engine has stopped: each request it was answering is refused with the reason. */
  function stopWorker(w, why) {
    w.worker.terminate();
    for (const entry of w.waiting.values()) entry.resolve(engineError(500, why + '; reload the page'));
    w.waiting.clear();
    engine.pool = engine.pool.filter((x) => x !== w);
    if (engine.jobWorker === w) {
      engine.jobWorker = null;
      engine.running.clear();
    }
  }

  /** Posts a request to worker `w`; resolves to its reply. `onJob` sees a verification's status at each progress point. */
  function post(w, endpoint, body, {onJob = null, cancel = null} = {}) {
    const id = engine.nextRequest++;
    ++w.load;
    return new Promise((resolve) => {
      w.waiting.set(id, {resolve, onJob});
      w.worker.postMessage({id, endpoint, body, cancel});
    });
  }

  function poolWorker() {
    let best = engine.pool.reduce((a, b) => (b.load < a.load ? b : a), {load: Infinity});
    if (best.load > 0 && engine.pool.length < engine.POOL_SIZE) {
      best = startWorker();
      engine.pool.push(best);
    }
    return best;
  }

  function jobWorker() {
    if (!engine.jobWorker) engine.jobWorker = startWorker();
    return engine.jobWorker;
  }

  /** The running job a request to verify/status or verify/cancel names; null when none is running or it is unread. */
  function runningJob(body) {
    try {
      return engine.running.get(String(JSON.parse(body).job)) || null;
    } catch (e) {
      return null;  // not JSON: the engine refuses it
    }
  }

  /** /api/verify: answered at the job's first progress point (or with the engine's refusal, if it ends first). */
  function startVerify(body) {
    const cancel = URL.createObjectURL(new Blob());
    return new Promise((answer) => {
      let job = null;
      const ended = post(jobWorker(), 'verify', body, {
        cancel,
        onJob: (status) => {
          if (job === null) {
            job = {status, cancel, ended: null};
            job.ended = ended;
            engine.running.set(JSON.parse(status).job, job);
            answer({status: 202, type: 'application/json', text: status + '\n'});
          } else {
            job.status = status;
          }
        },
      });
      ended.then((reply) => {
        URL.revokeObjectURL(cancel);
        if (job !== null) engine.running.delete(JSON.parse(job.status).job);
        answer(reply);  // a refusal, or a job that ended before its first progress point; else answered already
      });
    });
  }

  /**
   * The page opened from the disk (file://): browsers start no Web Worker and load no WebAssembly there, so rather than
   * their own words ("Failed to construct 'Worker'"), every request is answered with what to do: serve the folder.
   */
  function fromDisk() {
    const path = decodeURIComponent(location.pathname);
    let folder = path.slice(0, path.lastIndexOf('/') + 1) || '/';
    if (/[^A-Za-z0-9/._~+-]/.test(folder)) folder = '\'' + folder.replace(/'/g, '\'\\\'\'') + '\'';  // for a shell
    return engineError(503, 'this page was opened from the disk (' + location.href.split('#')[0].slice(0, 100) +
                                '), where browsers ' +
                                'run no Web Worker and load no WebAssembly; serve its folder over HTTP and open it ' +
                                'there: python3 -m http.server --directory ' + folder +
                                ' then open http://localhost:8000/ (or copy the folder to any web host)');
  }

  /** Sends `body` (JSON text) to /api/`endpoint` of the engine in the Web Workers, as serverRequest does. */
  async function workerRequest(endpoint, body) {
    if (location.protocol === 'file:') return fromDisk();
    if (endpoint === 'verify') return startVerify(body);
    if (endpoint.startsWith('verify/')) {
      const job = runningJob(body);
      if (job !== null && endpoint === 'verify/status') {
        return {status: 200, type: 'application/json', text: job.status + '\n'};
      }
      if (job !== null && endpoint === 'verify/cancel') {
        URL.revokeObjectURL(job.cancel);
        await job.ended;  // stopped at its next look at the URL: the worker answers about it again
      }
      return post(jobWorker(), endpoint, body);
    }
    return post(poolWorker(), endpoint, body);
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** The transport, chosen once when the page loads: workerRequest where the engine lies beside the page. */
  const marker = document.querySelector('meta[name="tartan-engine"]');
  return marker && marker.content === 'webassembly' ? workerRequest : serverRequest;
})();

// How the static explorer's page sends its requests to the engine (scripts/build-web, docs/explorer.md): in place of
// the server's transport.js (explorer/web/transport.js, POST /api/<endpoint>), the same requests go to explorer_api
// compiled to WebAssembly, running in Web Workers (engine_worker.js), and the replies come back as the server sends
// them: the same status, content type and bytes. The page (app.js) is the page of tartan explore, unchanged.
//
// The workers: up to POOL_SIZE answer the requests side by side (a long table in one leaves the other to the
// position), each an instance of the engine; a request goes to the least busy one, a new one started while all are
// busy. Verifications run in a worker of their own, whose explorer_api keeps the jobs (their ids, states and
// reports), as the server's does. Without threads a verification runs inline (explorer_wasm.cpp), so while it
// computes, that worker cannot answer: the page's /api/verify is answered at the job's first progress point with the
// status the job shows then (as the server answers once the job has passed its checks), /api/verify/status with the
// job's latest status JSON, and /api/verify/cancel by revoking the job's blob: URL, which the job sees within
// CANCEL_CHECK_MS and stops at, keeping its report, as on the server; once it has ended, the worker answers every
// request about it itself.
'use strict';

const engine = {
  POOL_SIZE: 2,
  pool: [],          // the workers for every request but verifications
  jobWorker: null,   // the worker whose explorer_api runs and keeps the verifications
  running: new Map(),  // id → {status (its latest status JSON), cancel (its blob: URL), ended (a promise)}
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
      return;
    }
    if (data.died !== undefined) {
      stopWorker(w, data.died);
      return;
    }
    w.waiting.delete(data.id);
    --w.load;
    entry.resolve({status: data.status, type: data.type, text: data.text});
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

/** The job a request to verify/status or verify/cancel names, if it is running; null when it is not, or unread. */
function runningJob(body) {
  try {
    const job = JSON.parse(body).job;
    return engine.running.get(String(job)) || null;
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

/** Sends `body` (JSON text) to /api/`endpoint`; resolves to the reply: {status, type (its content type), text}. */
async function sendRequest(endpoint, body) {
  if (endpoint === 'verify') return startVerify(body);
  if (endpoint.startsWith('verify/')) {
    const job = runningJob(body);
    if (job !== null && endpoint === 'verify/status') {
      return {status: 200, type: 'application/json', text: job.status + '\n'};
    }
    if (job !== null && endpoint === 'verify/cancel') {
      URL.revokeObjectURL(job.cancel);
      await job.ended;  // stopped at its next progress point: the worker answers about it again
    }
    return post(jobWorker(), endpoint, body);
  }
  return post(poolWorker(), endpoint, body);
}

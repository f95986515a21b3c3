// A worker thread's first module: the server runs from TypeScript through tsx, whose loader a new
// thread has to register again before it can import the module that does the work. The thread
// then answers one call at a time until it is ended.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const module = await import(workerData.moduleUrl);
parentPort.on('message', async ({ exportName, args }) => {
  try {
    parentPort.postMessage({ ok: await module[exportName](...args) });
  } catch (err) {
    parentPort.postMessage({
      error: { statusCode: Number(err?.statusCode) || 500, message: String(err?.message ?? err) },
    });
  }
});

// The enum parser's worker thread (bundled as dist/enum-worker.js): parses the sources of each compilation it is sent
// and posts each compilation's enums as soon as they are read, so the host keeps what finished when it ends this
// thread for running out of time (enum-reader.ts).
import { parentPort } from 'node:worker_threads';
import { enumMembers } from './enums';
import type { EnumsFromWorker, EnumsToWorker } from './enum-reader';

const port = parentPort;
if (!port) throw new Error('enum-worker.js runs as a worker thread only.');

const post = (message: EnumsFromWorker): void => port.postMessage(message);

port.on('message', ({ compilations }: EnumsToWorker) => {
  compilations.forEach((sources, index) => {
    const tooDeep: string[] = [];
    const members = enumMembers(sources, tooDeep);
    post({ type: 'compilation', index, members: [...members], tooDeep });
  });
  post({ type: 'done' });
});
post({ type: 'ready' });

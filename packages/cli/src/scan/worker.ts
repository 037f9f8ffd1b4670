/** A worker thread of `urilint scan`: checks the batches of files it is sent and posts back their results. */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFile, prepareTasks, type CheckSettings, type FileResult, type FileTask } from './file-check.js';

const settings = workerData as CheckSettings;

parentPort?.on('message', async (batch: FileTask[]) => {
  await prepareTasks(batch);
  const results: [number, FileResult][] = batch.map((task) => [task.index, checkFile(task, settings)]);
  parentPort?.postMessage(results);
});

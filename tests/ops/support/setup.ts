// For every ops suite: a failed test prints the instances' logs, so a crash or a refused
// connection is explained in CI's output.
import { afterEach } from 'vitest';
import { appLogs } from './app';

afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail') console.log(`Instance logs:\n${appLogs()}`);
});

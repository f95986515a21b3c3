// `npm run dev`: the API server (restarted on change by tsx watch) and Vite's dev server with HMR,
// which proxies /api and /ws to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '5001';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--port', process.env.PORT ?? '5000', '--host', '127.0.0.1'],
    {
      stdio: 'inherit',
      env: { ...process.env, API_PORT: apiPort },
    },
  ),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && process.exit(code));

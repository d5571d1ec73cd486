// `npm run dev`: the server restarting on change (port 8080) and Vite's dev server with hot reload
// (port 5173, proxying the API to the server).
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch', '--import', 'tsx', 'packages/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@bank/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

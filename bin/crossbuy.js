#!/usr/bin/env node
// The crossbuy CLI. Runs the TypeScript sources through tsx, so `npx crossbuy` works in a checkout
// without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main/cli/main.ts');
await main(process.argv);

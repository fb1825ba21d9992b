// `node --import ./register.mjs out/main/index.js`: every `import ... from 'electron'` (the main bundle's
// and electron-store's) gets the stand-in module of this folder instead of the Electron binary's.
import { registerHooks } from 'node:module';

const standIn = new URL('./electron.mjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'electron') return { url: standIn, shortCircuit: true };
    return next(specifier, context);
  },
});

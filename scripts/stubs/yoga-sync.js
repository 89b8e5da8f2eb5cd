// Stands in for yoga-layout 3.2.1's dist/src/index.js (see scripts/lib/start-up-trim.mjs): the same
// exports, loaded synchronously. Relative imports resolve from yoga-layout's dist/src/.
import loadYoga from '../binaries/yoga-wasm-base64-esm.js';
import wrapAssembly from './wrapAssembly.js';

const yogaModule = {
  // Emscripten's hook; the patched loader passes its data: URL as the third argument.
  instantiateWasm(imports, receiveInstance, dataUrl) {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
    receiveInstance(instance);
    return instance.exports;
  },
};
// Fills yogaModule in place; with the instance given synchronously, it has run by the time this returns.
loadYoga(yogaModule);
if (!yogaModule.calledRun) throw new Error('yoga-layout did not start synchronously');

const Yoga = wrapAssembly(yogaModule);
export default Yoga;
export * from './generated/YGEnums.js';

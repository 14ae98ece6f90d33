// The baseline of the CLI benchmark (bench/run.ts): what any Node program pays to read an opcodes body, `fetch` plus
// `JSON.parse`, in a fresh process. `node bench/fetch-parse.mjs URL` prints the steps and body bytes.
// Node 18+ has fetch built in; the lint config knows only the Node globals of its node preset.
const response = await globalThis.fetch(process.argv[2]);
const text = await response.text();
const body = JSON.parse(text);
process.stdout.write(`steps=${body.opcodes.length} bytes=${Buffer.byteLength(text)}\n`);
